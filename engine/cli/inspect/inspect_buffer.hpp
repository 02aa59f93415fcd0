// levelsweep inspect: the page's data files (docs/inspect.md, "The buffers").
// A buffer is a set of named little-endian arrays (BufferWriter); each is
// written as a small script, data/NAME.js, that hands its bytes (base64) to
// the page, since a page opened from disk may load scripts beside it but not
// fetch files.
#pragma once

#include <cstdint>
#include <filesystem>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace levelsweep::cli {

class BufferWriter {
public:
    void add(std::string_view name, std::span<const std::uint8_t> v) { add_raw(name, 1, 1, v.data(), v.size()); }
    void add(std::string_view name, std::span<const std::uint16_t> v) { add_raw(name, 2, 2, v.data(), v.size()); }
    void add(std::string_view name, std::span<const std::uint32_t> v) { add_raw(name, 3, 4, v.data(), v.size()); }
    void add(std::string_view name, std::span<const std::int32_t> v) { add_raw(name, 4, 4, v.data(), v.size()); }
    void add(std::string_view name, std::span<const float> v) { add_raw(name, 5, 4, v.data(), v.size()); }
    void add(std::string_view name, std::span<const double> v) { add_raw(name, 6, 8, v.data(), v.size()); }

    // The buffer's bytes: the header, the table of arrays, then each array at a
    // multiple of 8 bytes.
    std::vector<std::uint8_t> bytes() const;

private:
    struct Array {
        std::string name;
        std::uint32_t type;
        std::size_t count;
        std::vector<std::uint8_t> data;  // little-endian
    };
    void add_raw(std::string_view name, std::uint32_t type, std::size_t element_size, const void* data,
                 std::size_t count);
    std::vector<Array> arrays_;
};

// Writes DIR/data/NAME.js holding `bytes`, whole or not at all (OutputFile).
void write_buffer_script(const std::filesystem::path& dir, const std::string& name,
                         std::span<const std::uint8_t> bytes);
// Writes a file of the page whole or not at all.
void write_page_file(const std::filesystem::path& path, std::string_view text);

}  // namespace levelsweep::cli
