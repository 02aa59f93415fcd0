// One frame of a port through levelsweep::Engine (docs/embedding.md): ten
// humans walk on the sidewalk (two of them into each other) and find the
// ground under their feet, one punches another, a box falls onto the road (in
// both modes), and a sphere around the first two finds who and what it touches. Each step
// prints what it found; the program fails (exit 1) when the frame does not
// show what it is built to show, so the build's ctest entry checks it.
//
//   frame [LEVEL]   LEVEL defaults to data/levels/street_1k.lvl
#include <cstdio>
#include <exception>
#include <span>

#include "levelsweep/engine.hpp"

using namespace levelsweep;

namespace {

constexpr float sidewalk_z = 0.15f;  // street_1k's sidewalk: y 10 to 20 (data/levels/README.md)
constexpr float dt = 1.0f / 30.0f;   // one frame

// A human of the spec's size: the walking capsule (r 0.35, h 1.8), met by
// strikes (shape flag 0x4), by objects' boxes (body flag 0x2) and by walking
// humans (BLOCKHUMANS 0x4); with a hand sphere in its strike chain, off.
BodyDesc human(std::uint32_t owner, Vec3 feet) {
    BodyDesc d;
    d.owner = owner;
    d.flags = body_flag::object_target | body_flag::block_humans;
    d.type = body_type::human;
    d.chain = {{owner * 10, Shape::of(Capsule{0.35f, 1.8f, feet}), shape_flag::enabled | shape_flag::target}};
    d.strikes = {{owner * 10 + 1, Shape::of(Sphere{0.09f, feet + Vec3{0.3f, 0, 1.3f}}), shape_flag::strike}};
    return d;
}

Vec3 feet_of(const World& world, BodyId id) { return world.body(id)->chain[0].shape.capsule.base; }

// Who a contact met: a body's owner, or the level's triangle.
void print_other(const Contact& c) {
    if (c.other.owner != 0)
        std::printf("owner %u", c.other.owner);
    else
        std::printf("the level (triangle %u)", c.triangle);
}

int failures = 0;
void expect(bool ok, const char* what) {
    if (ok) return;
    std::printf("  UNEXPECTED: %s\n", what);
    ++failures;
}

}  // namespace

int main(int argc, char** argv) try {
    // The engine owns the level, its batch level and the world; the ISA is
    // chosen as --isa auto chooses it (LEVELSWEEP_ISA, else the best).
    Engine engine(argc > 1 ? argv[1] : "data/levels/street_1k.lvl");
    World& world = engine.world();
    EngineContext ctx = engine.context();  // one per thread, kept from frame to frame
    const std::string_view isa = isa_name(ctx.isa());
    std::printf("level: %u triangles, %s path, %.*s\n", engine.level().triangle_count(),
                ctx.path() == Path::batch ? "batch" : "reference", static_cast<int>(isa.size()), isa.data());

    // The bodies: ten humans along y = 16, owners 1 to 10 (1 and 2 run at each
    // other, 3 walks behind 4 and will punch it), and a box above the road.
    const float xs[10] = {2.0f, 2.8f, 8.0f, 8.9f, 13.0f, 17.0f, 21.0f, 25.0f, 29.0f, 33.0f};
    const float speeds[10] = {4.0f, -4.0f, 1.4f, 1.4f, 1.4f, -1.4f, 1.4f, -1.4f, 1.4f, -1.4f};  // m/s along x
    BodyId humans[10];
    for (std::uint32_t i = 0; i < 10; ++i) humans[i] = world.add_body(human(i + 1, {xs[i], 16.0f, sidewalk_z})).id;
    BodyDesc crate;
    crate.owner = 50;
    crate.type = body_type::object;
    crate.chain = {{500, Shape::of(Box{{0.3f, 0.3f, 0.3f}, {{1, 0, 0}, {0, 1, 0}, {0, 0, 1}}, {30.0f, 4.0f, 0.4f}})}};
    const BodyId box = world.add_body(crate).id;

    Contact contacts[body_contact_slots + mesh_contact_capacity];  // room for any body query's answer

    // 1. Walk: each human's capsule swept by its step against the humans that
    //    block it and the level (PhysicsBody_SweepHumanMask, option 0x1), and
    //    moved as far as its first contact lets it.
    std::printf("walk:\n");
    for (std::uint32_t i = 0; i < 10; ++i) {
        const Vec3 step{speeds[i] * dt, 0, 0};
        const WorldResult r = ctx.sweep(
            HumanSweepQuery{.human = humans[i], .move = step, .max = 4, .options = world_option::mesh}, contacts);
        expect(r.status == WorldStatus::ok, "a walk's status is ok");
        const float go = r.count > 0 ? contacts[0].fraction : 1.0f;
        world.move_body(humans[i], go * step);
        std::printf("  human %u: %s", i + 1, r.count > 0 ? "stopped by " : "walked freely");
        if (r.count > 0) {
            print_other(contacts[0]);
            std::printf(" at %.3f of its step", contacts[0].fraction);
        }
        std::printf("\n");
        if (i == 0)
            expect(r.count > 0 && contacts[0].other.owner == 2 && go > 0.0f && go < 1.0f,
                   "human 1 runs into human 2 partway through its step");
        if (i == 1) expect(r.count > 0 && contacts[0].other.owner == 1, "human 2 is blocked by human 1");
    }

    // 2. The ground under each human: a mesh query (a ray down from its hips).
    std::printf("ground:\n");
    MeshContact hits[1];
    for (std::uint32_t i = 0; i < 10; ++i) {
        const Vec3 hips = feet_of(world, humans[i]) + Vec3{0, 0, 1.0f};
        QuerySettings closest;
        closest.collect = Collect::closest;
        const QueryResult r = ctx.query(Query::ray(hips, {0, 0, -2.0f}, closest), hits);
        expect(r.status == QueryStatus::ok && r.count == 1, "every human stands over the sidewalk");
        if (r.count == 1) std::printf("  human %u: ground at z %.3f\n", i + 1, hips.z - 2.0f * hits[0].fraction);
    }

    // 3. A strike: human 3's hand is switched on and swung from beside it into
    //    human 4's chest; Human_TestStrikes sweeps it from its previous pose.
    const ShapeRef hand{Chain::strikes, 0};
    const Vec3 striker = feet_of(world, humans[2]), target = feet_of(world, humans[3]);
    world.enable_shape(humans[2], hand, true);  // flags 0x11: the next pose starts the swing
    world.pose_shape(humans[2], hand, Shape::of(Sphere{0.09f, striker + Vec3{0.3f, 0, 1.3f}}));
    world.pose_shape(humans[2], hand, Shape::of(Sphere{0.09f, target + Vec3{-0.1f, 0, 1.3f}}));
    const WorldResult struck = ctx.strikes(StrikeQuery{humans[2]}, contacts);
    std::printf("strike: %u hit(s)", struck.count);
    if (struck.count > 0) {
        std::printf(", the first on ");
        print_other(contacts[0]);
        std::printf(" at (%.3f, %.3f, %.3f)", contacts[0].point.x, contacts[0].point.y, contacts[0].point.z);
    }
    std::printf("\n");
    expect(struck.count >= 1 && contacts[0].other.owner == 4, "human 3's punch hits human 4");

    // 4. A falling box: its sweep against the humans and the road (the
    //    object's PhysicsBody_SweepHumanMask mirror, option 0x1), faithful as
    //    the port plays it, and the same query corrected: the original's box
    //    sweep resets the window of an axis of zero speed, so a flat drop
    //    meets the road at its start (docs/quirks.md, interval_zero_speed_reset).
    const Vec3 fall{0, 0, -6.0f * dt};  // falling at 6 m/s, its bottom 0.1 m above the road
    ObjectSweepQuery drop{.object = box, .move = fall, .options = world_option::mesh};
    const WorldResult landed = ctx.sweep(drop, contacts);
    const float faithful = landed.count > 0 ? contacts[0].fraction : 1.0f;
    const bool on_road = landed.count > 0 && contacts[0].other.owner == 0 && contacts[0].other.normal.z > 0.99f;
    drop.quirks = Quirks::corrected();
    const WorldResult fixed = ctx.sweep(drop, contacts);
    const float corrected = fixed.count > 0 ? contacts[0].fraction : 1.0f;
    world.move_body(box, faithful * fall);
    std::printf("box: meets the road at %.3f of its fall (faithful), %.3f (corrected)\n", faithful, corrected);
    expect(on_road && faithful == 0.0f, "faithfully, the flat drop meets the road at once");
    expect(fixed.count > 0 && corrected > 0.49f && corrected < 0.51f, "corrected, it meets the road halfway");

    // 5. An overlap: a sphere around humans 1 and 2 against the humans
    //    (type mask 0x40) and the level (IPhysics_OverlapShape, options 0x13).
    ShapeOverlapQuery around;
    around.shape = Shape::of(Sphere{1.5f, {2.4f, 16.0f, 1.0f}});
    around.options = world_option::bodies | world_option::type_mask | world_option::mesh;
    around.type_mask = body_type::human;
    around.max = 16;
    const WorldResult touched = ctx.overlap(around, contacts);
    std::uint32_t people = 0, level = 0;
    for (const Contact& c : std::span(contacts, touched.count)) (c.other.owner != 0 ? people : level) += 1;
    std::printf("overlap: %u human shape(s), %u level triangle(s)\n", people, level);
    expect(touched.status == WorldStatus::ok && people == 2 && level > 0,
           "the sphere touches humans 1 and 2 and the sidewalk");

    return failures == 0 ? 0 : 1;
} catch (const std::exception& e) {
    std::fprintf(stderr, "frame: %s\n", e.what());
    return 2;
}
