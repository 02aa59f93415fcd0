// Every format Assimp reads, with every post-processing step off: no
// triangulation, welding, normal generation or validation fix-ups that could
// move a vertex. Meshes are placed by their nodes' transforms (skipped when a
// transform is the identity, so the file's bits reach the store); each node
// instance of a mesh is its own set of vertices.
//
// Assimp's library is loaded when a file first needs it, not with every
// levelsweep process: Debian links it to bind its 44,000 relocations at load,
// about 1.2 ms that a replay of one query would otherwise pay
// (docs/performance.md).
#include <assimp/cimport.h>
#include <assimp/material.h>
#include <assimp/scene.h>
#include <dlfcn.h>

#include <memory>
#include <string>
#include <unordered_map>

#include "levelsweep/raw_mesh.hpp"
#include "read_file.hpp"

namespace levelsweep::detail {

namespace {

// The functions of Assimp's C interface the reader calls (aiMaterial::Get is
// aiGetMaterialString inline).
struct Assimp {
    decltype(&aiImportFile) import_file;
    decltype(&aiReleaseImport) release_import;
    decltype(&aiGetErrorString) error_string;
    decltype(&aiGetMaterialString) material_string;
};

// The library (its SONAME, LEVELSWEEP_ASSIMP_LIBRARY, from the build), loaded
// once; a library that cannot be loaded is an import error, tried again at the next file.
const Assimp& assimp() {
    static const Assimp functions = [] {
        const std::string name = LEVELSWEEP_ASSIMP_LIBRARY;
        void* library = ::dlopen(name.c_str(), RTLD_NOW | RTLD_LOCAL);
        if (!library) {
            const char* why = ::dlerror();
            throw ImportError("cannot load Assimp (" + name + "): " + (why ? why : "no reason given"));
        }
        const auto symbol = [&](const char* function) {
            void* address = ::dlsym(library, function);
            if (!address) throw ImportError("Assimp (" + name + ") has no " + function);
            return address;
        };
        return Assimp{reinterpret_cast<decltype(&aiImportFile)>(symbol("aiImportFile")),
                      reinterpret_cast<decltype(&aiReleaseImport)>(symbol("aiReleaseImport")),
                      reinterpret_cast<decltype(&aiGetErrorString)>(symbol("aiGetErrorString")),
                      reinterpret_cast<decltype(&aiGetMaterialString)>(symbol("aiGetMaterialString"))};
    }();
    return functions;
}

// Exactly the identity (aiMatrix4x4::IsIdentity allows an epsilon).
bool is_identity(const aiMatrix4x4& m) {
    for (unsigned r = 0; r < 4; ++r)
        for (unsigned c = 0; c < 4; ++c)
            if (m[r][c] != (r == c ? 1.0f : 0.0f)) return false;
    return true;
}

class SceneReader {
public:
    SceneReader(const aiScene& scene, const std::filesystem::path& path) : scene_(scene) {
        mesh_.source = path.string();
        for (unsigned i = 0; i < scene.mNumMaterials; ++i) {
            aiString name;
            assimp().material_string(scene.mMaterials[i], AI_MATKEY_NAME, &name);
            material_of_.push_back(RawMesh::intern(mesh_.materials, material_index_, name.C_Str()));
        }
    }

    RawMesh read() {
        if (scene_.mRootNode) node(*scene_.mRootNode, aiMatrix4x4());
        return std::move(mesh_);
    }

private:
    void node(const aiNode& n, const aiMatrix4x4& parent) {
        const aiMatrix4x4 transform = parent * n.mTransformation;
        const std::uint32_t group = RawMesh::intern(mesh_.groups, group_index_, n.mName.C_Str());
        for (unsigned i = 0; i < n.mNumMeshes; ++i) mesh(*scene_.mMeshes[n.mMeshes[i]], transform, group);
        for (unsigned i = 0; i < n.mNumChildren; ++i) node(*n.mChildren[i], transform);
    }

    void mesh(const aiMesh& m, const aiMatrix4x4& t, std::uint32_t group) {
        const auto first = static_cast<std::uint32_t>(mesh_.vertices.size());
        const bool identity = is_identity(t);
        for (unsigned v = 0; v < m.mNumVertices; ++v) {
            const aiVector3D& p = m.mVertices[v];
            if (identity) {
                mesh_.add_vertex({p.x, p.y, p.z});
                continue;
            }
            // In double, rounded to float32 once.
            const double x = p.x, y = p.y, z = p.z;
            const auto row = [&](int r) {
                return static_cast<float>(((t[r][0] * x + t[r][1] * y) + t[r][2] * z) + t[r][3]);
            };
            mesh_.add_vertex({row(0), row(1), row(2)});
        }
        const std::uint32_t material = m.mMaterialIndex < material_of_.size() ? material_of_[m.mMaterialIndex] : 0;
        for (unsigned f = 0; f < m.mNumFaces; ++f) {
            const aiFace& face = m.mFaces[f];
            corners_.clear();
            for (unsigned k = 0; k < face.mNumIndices; ++k) {
                if (face.mIndices[k] >= m.mNumVertices) throw ImportError("a face refers to a vertex past its mesh");
                corners_.push_back(first + face.mIndices[k]);
            }
            mesh_.add_polygon(corners_, group, material);
        }
    }

    const aiScene& scene_;
    RawMesh mesh_;
    std::unordered_map<std::string, std::uint32_t> group_index_{{"", 0}}, material_index_{{"", 0}};
    std::vector<std::uint32_t> material_of_;
    std::vector<std::uint32_t> corners_;
};

}  // namespace

RawMesh read_assimp(const std::filesystem::path& path) {
    check_importable(path);
    // Assimp holds the file and its scene at once; the file's size is the least of it.
    check_memory(std::filesystem::file_size(path), path.string() + ": reading the mesh file", "import a smaller mesh");
    const Assimp& lib = assimp();
    const aiScene* scene = lib.import_file(path.string().c_str(), 0);
    if (!scene) throw ImportError(path.string() + ": " + lib.error_string());
    // The scene is released however the read ends.
    const std::unique_ptr<const aiScene, decltype(lib.release_import)> held(scene, lib.release_import);
    return SceneReader(*scene, path).read();
}

}  // namespace levelsweep::detail
