// The scene file (scene_json.hpp, docs/formats.md "The scene file"), read as a
// stream of JSON events: each owner and each body is built as a JSON value of
// its own, added to the scene and let go, so that a file of many bodies never
// stands whole as a JSON tree (which takes some thirty times the file's size).
// What is held is checked against the memory limit as it grows: the file's
// text, the one value being built, and the scene's bodies.
#include <optional>
#include <set>
#include <stdexcept>
#include <string>
#include <vector>

#include "../files/decoded_input.hpp"
#include "levelsweep/memory_limit.hpp"
#include "levelsweep/scene_json.hpp"

namespace levelsweep {

namespace {

// What a scene holds per body and per shape, at most: the world's slot, its
// shape vectors and previous positions, the broad phase's entry, and the
// scene's two maps from ids to handles (checked against the measured growth
// by the test "a scene's estimate bounds what its bodies take").
constexpr std::uint64_t bytes_per_body = 1024, bytes_per_shape = 256, bytes_per_owner = 512, bytes_per_refusal = 64;

std::string remedy() { return "give the scene fewer bodies"; }

// One JSON value from SAX events, its tree counted as it grows (JsonTreeSize)
// and refused beyond the memory limit with what else is held (`held`, which
// `what` names).
class ValueBuilder {
public:
    ValueBuilder(std::string what, std::uint64_t held) : what_(std::move(what)), held_(held) {}

    void scalar(json v) {
        if (v.is_string())
            size_.string(v.get_ref<const std::string&>().size());
        else
            size_.value();
        place(std::move(v));
    }
    void open(json container) {
        if (container.is_object())
            size_.object();
        else
            size_.array();
        json* at = place(std::move(container));
        stack_.push_back(at);
    }
    void key(std::string k) {
        size_.key(k.size());
        key_ = std::move(k);
    }
    void close() { stack_.pop_back(); }
    bool done() const { return started_ && stack_.empty(); }
    json take() { return std::move(root_); }

private:
    json* place(json v) {
        check_memory(held_ + size_.bytes(), what_, remedy());
        if (!started_) {
            started_ = true;
            root_ = std::move(v);
            return &root_;
        }
        json& parent = *stack_.back();
        if (parent.is_array()) {
            parent.push_back(std::move(v));
            return &parent.back();
        }
        json& slot = parent[key_];
        slot = std::move(v);
        return &slot;
    }

    std::string what_;
    std::uint64_t held_;
    JsonTreeSize size_;
    json root_;
    std::vector<json*> stack_;
    std::string key_;
    bool started_ = false;
};

// The file's top-level object: "levelsweep_scene" built (it is small),
// "owners" and "bodies" element by element, any other key skipped unbuilt.
class SceneEvents {
public:
    // `text`: the bytes of the file, held while it is read.
    SceneEvents(Scene& scene, std::string name, std::uint64_t text)
        : scene_(scene), name_(std::move(name)), held_(text) {}

    bool null() { return scalar(nullptr); }
    bool boolean(bool v) { return scalar(v); }
    bool number_integer(json::number_integer_t v) { return scalar(v); }
    bool number_unsigned(json::number_unsigned_t v) { return scalar(v); }
    bool number_float(json::number_float_t v, const std::string&) { return scalar(v); }
    bool string(std::string& v) { return scalar(std::move(v)); }
    bool binary(json::binary_t&) { return scalar(nullptr); }
    bool start_object(std::size_t) { return open(json::object()); }
    bool start_array(std::size_t) { return open(json::array()); }
    bool end_object() { return close(); }
    bool end_array() { return close(); }
    bool key(std::string& k) {
        if (builder_)
            builder_->key(std::move(k));
        else if (depth_ == 1)
            top_key(std::move(k));
        return true;
    }
    bool parse_error(std::size_t at, const std::string&, const json::exception& e) {
        throw fail(depth_ == 0 && !started_
                       ? "not a JSON object (byte " + std::to_string(at) + ": " + error_text(e) + ")"
                       : "byte " + std::to_string(at) + ": " + error_text(e));
    }

    // Once the text has ended.
    void finish() const {
        if (!version_seen_) throw fail("\"levelsweep_scene\": expected 1 (the version this build reads)");
    }

private:
    std::runtime_error fail(const std::string& why) const { return std::runtime_error(name_ + ": " + why); }

    void top_key(std::string k) {
        key_ = std::move(k);
        if ((key_ == "levelsweep_scene" || key_ == "owners" || key_ == "bodies") && !seen_.insert(key_).second)
            throw fail("\"" + key_ + "\" is given twice");
    }

    // A value inside the top-level object: where it goes depends on its key.
    bool scalar(json v) {
        if (builder_) {
            builder_->scalar(std::move(v));
            if (builder_->done()) hand_over();
        } else if (depth_ == 0) {
            throw fail("not a JSON object");
        } else if (depth_ == 1 && key_ == "levelsweep_scene") {
            check_version(v);
        } else if (depth_ == 1 && (key_ == "owners" || key_ == "bodies")) {
            throw fail("input \"" + key_ + "\": expected a list");
        } else if (depth_ == 2 && in_list()) {
            ValueBuilder element(held_name(), held_);
            element.scalar(std::move(v));
            add(element.take());
        }
        return true;
    }

    bool open(json container) {
        if (builder_) {
            builder_->open(std::move(container));
        } else if (depth_ == 0) {
            if (!container.is_object()) throw fail("not a JSON object");
            started_ = true;
        } else if (depth_ == 1 && key_ == "levelsweep_scene") {
            builder_.emplace(held_name(), held_);
            builder_->open(std::move(container));
        } else if (depth_ == 1 && (key_ == "owners" || key_ == "bodies")) {
            if (!container.is_array()) throw fail("input \"" + key_ + "\": expected a list");
        } else if (depth_ == 2 && in_list()) {
            builder_.emplace(held_name(), held_);
            builder_->open(std::move(container));
        }
        ++depth_;
        return true;
    }

    bool close() {
        --depth_;
        if (builder_) {
            builder_->close();
            if (builder_->done()) hand_over();
        }
        return true;
    }

    bool in_list() const { return key_ == "owners" || key_ == "bodies"; }
    // What the checks count, in one name: the text, the scene so far, and the
    // JSON tree of the value being read.
    std::string held_name() const {
        return name_ + " (its text, its owners and bodies, and the JSON of the one being read)";
    }

    void hand_over() {
        json v = builder_->take();
        builder_.reset();
        if (key_ == "levelsweep_scene")
            check_version(v);
        else
            add(std::move(v));
    }

    void check_version(const json& v) {
        if (v != 1) throw fail("\"levelsweep_scene\": expected 1 (the version this build reads)");
        version_seen_ = true;
    }

    std::size_t list_size(const json& obj, const char* key) const {
        return obj.is_object() && obj.contains(key) && obj.at(key).is_array() ? obj.at(key).size() : 0;
    }

    void add(json element) {
        try {
            if (key_ == "owners") {
                held_ += bytes_per_owner + bytes_per_refusal * (list_size(element, "refuses_overlap") +
                                                                list_size(element, "refuses_strike"));
                check_memory(held_, held_name(), remedy());
                scene_.set_owner(element);
                ++owners_;
                return;
            }
            held_ += bytes_per_body + bytes_per_shape * (list_size(element, "chain") + list_size(element, "strikes"));
            check_memory(held_, held_name(), remedy());
            if (const WorldStatus st = scene_.add_body(element); st != WorldStatus::ok)
                throw fail("body " + std::to_string(bodies_) + ": " + std::string(world_status_name(st)));
            ++bodies_;
        } catch (const std::invalid_argument& e) {
            throw fail(e.what());
        }
    }

    Scene& scene_;
    std::string name_;
    std::size_t depth_ = 0;
    bool started_ = false, version_seen_ = false;
    std::string key_;  // the top-level key whose value is being read
    std::set<std::string> seen_;
    std::optional<ValueBuilder> builder_;
    std::size_t owners_ = 0, bodies_ = 0;
    std::uint64_t held_;  // the text, and what the scene's owners and bodies take, at most
};

// The file's bytes (plain or gzipped), checked against the limit as they come.
std::string read_text(const std::filesystem::path& path, InputDigest* digest) {
    detail::DecodedInput in(path.string());
    std::string text;
    for (std::span<const std::byte> data; !(data = in.available()).empty(); in.take(data.size())) {
        check_memory(text.size() + data.size(), path.string() + " (the scene file, read whole)", remedy());
        text.append(reinterpret_cast<const char*>(data.data()), data.size());
    }
    if (in.damage()) throw std::runtime_error(in.damage()->what());
    if (digest) *digest = in.digest();
    return text;
}

}  // namespace

std::unique_ptr<Scene> scene_from_text(std::string_view text, const std::string& name, const Level* level) {
    auto scene = std::make_unique<Scene>(level);
    SceneEvents events(*scene, name, text.size());
    json::sax_parse(text.begin(), text.end(), &events);
    events.finish();
    return scene;
}

std::unique_ptr<Scene> load_scene(const std::filesystem::path& path, const Level* level, InputDigest* digest) {
    const std::string text = read_text(path, digest);
    return scene_from_text(text, path.string(), level);
}

}  // namespace levelsweep
