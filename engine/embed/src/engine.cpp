// The Engine: the level loaded or adopted, its batch level and world built
// beside it, the ISA chosen as the tool's --isa chooses it (engine.hpp).
#include <utility>

#include "engine_impl.hpp"
#include "levelsweep/level_file.hpp"

namespace levelsweep {

Engine::Engine(const std::filesystem::path& level_file, const EngineOptions& options)
    : Engine(load_level(level_file), options) {}

Engine::Engine(Level level, const EngineOptions& options)
    : impl_(std::make_unique<Impl>(std::move(level), choose_isa(options.isa), options.path)) {}

Engine::~Engine() = default;
Engine::Engine(Engine&&) noexcept = default;
Engine& Engine::operator=(Engine&&) noexcept = default;

const Level& Engine::level() const { return impl_->level; }
const BatchLevel& Engine::batch_level() const { return impl_->batch; }
World& Engine::world() { return impl_->world; }
const World& Engine::world() const { return impl_->world; }
Path Engine::path() const { return impl_->path; }
Isa Engine::isa() const { return impl_->isa; }

EngineContext Engine::context() const { return context(impl_->path); }
EngineContext Engine::context(Path path) const {
    return EngineContext(std::make_unique<EngineContext::Impl>(*impl_, path));
}

}  // namespace levelsweep
