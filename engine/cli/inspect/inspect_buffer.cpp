// levelsweep inspect: the buffers and their scripts (inspect_buffer.hpp).
#include "inspect/inspect_buffer.hpp"

#include <bit>
#include <cstring>
#include <fstream>
#include <stdexcept>

#include "io/output_file.hpp"

namespace levelsweep::cli {

static_assert(std::endian::native == std::endian::little, "the buffers are written from memory as little-endian");

namespace {

constexpr char magic[8] = {'L', 'S', 'W', 'I', 'B', 'U', 'F', '\0'};
constexpr std::uint32_t version = 1, header_size = 16, entry_size = 32, name_size = 16;

void put_u32(std::vector<std::uint8_t>& out, std::size_t at, std::uint32_t v) { std::memcpy(out.data() + at, &v, 4); }

std::size_t align8(std::size_t n) { return (n + 7) & ~std::size_t{7}; }

std::string base64(std::span<const std::uint8_t> in) {
    static constexpr char digits[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    std::string out;
    out.reserve((in.size() + 2) / 3 * 4);
    std::size_t i = 0;
    for (; i + 3 <= in.size(); i += 3) {
        const std::uint32_t v = (std::uint32_t{in[i]} << 16) | (std::uint32_t{in[i + 1]} << 8) | in[i + 2];
        for (int k = 3; k >= 0; --k) out += digits[(v >> (6 * k)) & 63];
    }
    if (i < in.size()) {
        const bool two = i + 1 < in.size();
        const std::uint32_t v = (std::uint32_t{in[i]} << 16) | (two ? std::uint32_t{in[i + 1]} << 8 : 0u);
        out += digits[(v >> 18) & 63];
        out += digits[(v >> 12) & 63];
        out += two ? digits[(v >> 6) & 63] : '=';
        out += '=';
    }
    return out;
}

}  // namespace

void BufferWriter::add_raw(std::string_view name, std::uint32_t type, std::size_t element_size, const void* data,
                           std::size_t count) {
    if (name.empty() || name.size() >= name_size)
        throw std::invalid_argument("buffer array name: " + std::string(name));
    if (count > 0xffffffffu) throw std::invalid_argument("buffer array " + std::string(name) + ": over 2^32 elements");
    Array a{std::string(name), type, count, std::vector<std::uint8_t>(count * element_size)};
    if (count > 0) std::memcpy(a.data.data(), data, a.data.size());
    arrays_.push_back(std::move(a));
}

std::vector<std::uint8_t> BufferWriter::bytes() const {
    std::size_t size = align8(header_size + entry_size * arrays_.size());
    for (const Array& a : arrays_) size = align8(size + a.data.size());
    if (size > 0xffffffffu) throw std::runtime_error("an inspector buffer would pass 4 GiB");
    std::vector<std::uint8_t> out(size, 0);
    std::memcpy(out.data(), magic, sizeof magic);
    put_u32(out, 8, version);
    put_u32(out, 12, static_cast<std::uint32_t>(arrays_.size()));
    std::size_t at = align8(header_size + entry_size * arrays_.size());
    for (std::size_t k = 0; k < arrays_.size(); ++k) {
        const Array& a = arrays_[k];
        const std::size_t entry = header_size + entry_size * k;
        std::memcpy(out.data() + entry, a.name.data(), a.name.size());
        put_u32(out, entry + 16, a.type);
        put_u32(out, entry + 20, static_cast<std::uint32_t>(a.count));
        put_u32(out, entry + 24, static_cast<std::uint32_t>(at));
        if (!a.data.empty()) std::memcpy(out.data() + at, a.data.data(), a.data.size());
        at = align8(at + a.data.size());
    }
    return out;
}

void write_page_file(const std::filesystem::path& path, std::string_view text) {
    OutputFile file(path.string(), OutputContent::text, "a page file");
    std::ofstream out(file.writing(), std::ios::binary);
    out.write(text.data(), static_cast<std::streamsize>(text.size()));
    out.close();
    if (!out) throw std::runtime_error("cannot write " + path.string());
    file.commit();
}

void write_buffer_script(const std::filesystem::path& dir, const std::string& name,
                         std::span<const std::uint8_t> bytes) {
    write_page_file(dir / "data" / (name + ".js"), "levelsweep_buffer(\"" + name + "\", \"" + base64(bytes) + "\");\n");
}

}  // namespace levelsweep::cli
