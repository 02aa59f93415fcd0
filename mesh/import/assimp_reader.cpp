// Every format Assimp reads, with every post-processing step off: no
// triangulation, welding, normal generation or validation fix-ups that could
// move a vertex. Meshes are placed by their nodes' transforms (skipped when a
// transform is the identity, so the file's bits reach the store); each node
// instance of a mesh is its own set of vertices.
#include <assimp/Importer.hpp>
#include <assimp/material.h>
#include <assimp/scene.h>

#include <unordered_map>

#include "levelsweep/raw_mesh.hpp"
#include "read_file.hpp"

namespace levelsweep::detail {

namespace {

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
            scene.mMaterials[i]->Get(AI_MATKEY_NAME, name);
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
    Assimp::Importer importer;
    const aiScene* scene = importer.ReadFile(path.string(), 0);
    if (!scene) throw ImportError(path.string() + ": " + importer.GetErrorString());
    return SceneReader(*scene, path).read();
}

}  // namespace levelsweep::detail
