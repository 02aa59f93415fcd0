// libFuzzer target: the scene file reader (scene_from_text, the one `query
// --scene` and `replay --scene` use through load_scene) on arbitrary bytes.
// It reads the file as JSON events, one owner and one body at a time; every
// input either gives a scene or throws std::runtime_error naming the file,
// and a scene it gives is the one the whole file means: the text parses as
// JSON, its "levelsweep_scene" is 1, and the scene holds every element of its
// "bodies". Anything else (a crash, a sanitizer report, another exception, a
// scene a whole read would not give) is a finding. The memory limit is 64 MiB,
// so that a hostile file is refused as a user's would be, not by the fuzzer.
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include "fuzz_input.hpp"
#include "levelsweep/memory_limit.hpp"
#include "levelsweep/scene_json.hpp"

namespace {

using levelsweep::fuzz::check;

void check_scene(const std::string_view text, const levelsweep::Scene& scene) {
    const levelsweep::json doc = levelsweep::json::parse(text.begin(), text.end(), nullptr, false);
    check(!doc.is_discarded() && doc.is_object());
    check(doc.contains("levelsweep_scene") && doc.at("levelsweep_scene") == 1);
    const std::size_t bodies = doc.contains("bodies") ? doc.at("bodies").size() : 0;
    check(const_cast<levelsweep::Scene&>(scene).world().body_count() == bodies);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    levelsweep::set_memory_limit(std::uint64_t{64} << 20);
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    try {
        const auto scene = levelsweep::scene_from_text(text, "fuzz.json", nullptr);
        check_scene(text, *scene);
    } catch (const std::runtime_error& e) {
        check(std::string_view(e.what()).starts_with("fuzz.json"));
    }
    return 0;
}
