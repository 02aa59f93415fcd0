// levelsweep benchmarks: a level in Bullet (Debian's libbullet-dev, the float
// build), for the peer benchmarks. Optional: only programs built with Bullet
// include this.
#pragma once

#include <BulletCollision/NarrowPhaseCollision/btRaycastCallback.h>
#include <btBulletCollisionCommon.h>

#include <memory>
#include <vector>

#include "levelsweep/level.hpp"
#include "levelsweep/query.hpp"

namespace levelsweep::bench {

// A level's enabled triangles in a Bullet collision world. Members are
// destroyed in reverse: the world before the object, shape and mesh it uses.
class BulletLevel {
public:
    explicit BulletLevel(const Level& level) {
        const FloatSoa v = level.vertices();
        vertices_.reserve(3 * std::size_t{level.vertex_count()});
        for (std::uint32_t i = 0; i < level.vertex_count(); ++i)
            vertices_.insert(vertices_.end(), {v.x[i], v.y[i], v.z[i]});
        for (std::uint32_t t = 0; t < level.triangle_count(); ++t) {
            if (!(level.flags(t) & tri_flags::mask & tri_flags::enabled)) continue;
            for (int k = 0; k < 3; ++k) indices_.push_back(static_cast<int>(level.corner_index(t, k)));
        }
        mesh_ = std::make_unique<btTriangleIndexVertexArray>(
            static_cast<int>(indices_.size() / 3), indices_.data(), static_cast<int>(3 * sizeof(int)),
            static_cast<int>(level.vertex_count()), vertices_.data(), static_cast<int>(3 * sizeof(btScalar)));
        shape_ = std::make_unique<btBvhTriangleMeshShape>(mesh_.get(), true);
        object_.setCollisionShape(shape_.get());
        world_ = std::make_unique<btCollisionWorld>(&dispatcher_, &broadphase_, &config_);
        world_->addCollisionObject(&object_);
    }

    // The closest hit's fraction of the move, or a negative number for none.
    float sphere_sweep(const Query& q) const {
        const btSphereShape sphere(q.radius);
        const btVector3 from(q.start.x, q.start.y, q.start.z);
        const btVector3 to(q.start.x + q.move.x, q.start.y + q.move.y, q.start.z + q.move.z);
        btTransform start, end;
        start.setIdentity(), start.setOrigin(from);
        end.setIdentity(), end.setOrigin(to);
        btCollisionWorld::ClosestConvexResultCallback closest(from, to);
        world_->convexSweepTest(&sphere, start, end, closest);
        return closest.hasHit() ? closest.m_closestHitFraction : -1.0f;
    }
    // A box (its axes as the rotation's rows, its half extents) swept by its move.
    float box_sweep(const Query& q) const {
        const btBoxShape box(btVector3(q.half[0], q.half[1], q.half[2]));
        btMatrix3x3 turn;
        // levelsweep's rows A0, A1, A2 are the box's axes in world space: the columns of Bullet's basis.
        turn.setValue(q.axes[0].x, q.axes[1].x, q.axes[2].x, q.axes[0].y, q.axes[1].y, q.axes[2].y, q.axes[0].z,
                      q.axes[1].z, q.axes[2].z);
        const btVector3 from(q.start.x, q.start.y, q.start.z);
        const btVector3 to(q.start.x + q.move.x, q.start.y + q.move.y, q.start.z + q.move.z);
        const btTransform start(turn, from), end(turn, to);
        btCollisionWorld::ClosestConvexResultCallback closest(from, to);
        world_->convexSweepTest(&box, start, end, closest);
        return closest.hasHit() ? closest.m_closestHitFraction : -1.0f;
    }
    float ray(const Query& q) const {
        const btVector3 from(q.start.x, q.start.y, q.start.z);
        const btVector3 to(q.start.x + q.move.x, q.start.y + q.move.y, q.start.z + q.move.z);
        btCollisionWorld::ClosestRayResultCallback closest(from, to);
        closest.m_flags = btTriangleRaycastCallback::kF_FilterBackfaces;
        world_->rayTest(from, to, closest);
        return closest.hasHit() ? closest.m_closestHitFraction : -1.0f;
    }

private:
    std::vector<btScalar> vertices_;
    std::vector<int> indices_;
    std::unique_ptr<btTriangleIndexVertexArray> mesh_;
    std::unique_ptr<btBvhTriangleMeshShape> shape_;
    btDefaultCollisionConfiguration config_;
    btCollisionDispatcher dispatcher_{&config_};
    btDbvtBroadphase broadphase_;
    btCollisionObject object_;
    std::unique_ptr<btCollisionWorld> world_;
};

}  // namespace levelsweep::bench
