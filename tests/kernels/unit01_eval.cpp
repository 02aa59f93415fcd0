// levelsweep eval answers every Unit 1 kernel (docs/eval.md, "Unit 1").
#include <doctest/doctest.h>

#include <set>
#include <string>

#include "cli_support.hpp"
#include "support.hpp"

using levelsweep::test::json_lines;
using levelsweep::test::run_cli;

namespace {
const std::string T = R"("v0": [0, 0, 0], "v1": [4, 0, 0], "v2": [0, 4, 0])";
}

TEST_SUITE("unit01 eval") {
    TEST_CASE("every Unit 1 kernel is listed") {
        const auto r = run_cli("eval --list");
        std::set<std::string> names;
        for (std::size_t at = 0, nl; (nl = r.out.find('\n', at)) != std::string::npos; at = nl + 1)
            names.insert(r.out.substr(at, nl - at));
        for (const char* k :
             {"CollTri_ComputeEdges", "CollTri_ComputeEdgeNormals", "CollTri_ComputeNormal", "CollTri_Flip",
              "Sweep_SphereTriangle", "Sweep_SphereTriangleThunk", "SphereSweep_Edge", "SphereSweep_VertexRegion",
              "SphereSweep_EdgeCylinder", "Ray_InfiniteCylinder", "Segment_SphereIntersect", "Ray_SphereRoot",
              "Ray_CircleRoot", "PointTriangle_DistanceSq", "SphereTriangle_Penetration"})
            CHECK_MESSAGE(names.count(k) == 1, k);
    }

    TEST_CASE("rows 11 and 12 both ways, the unwritten mask and the corner's unwritten fraction") {
        const std::string input =
            R"({"kernel": "Sweep_SphereTriangle", "inputs": {"centre": [-0.4, -0.6, 0.6], "radius": 0.5, "move": [-0.2, 1.8, -1.4], )" +
            T + "}}\n" +
            R"({"kernel": "Sweep_SphereTriangle", "mode": "corrected", "inputs": {"centre": [-0.9, -0.9, 0.6], "radius": 0.5, "move": [0.6, 1.2, -0.6], )" +
            T + "}}\n" +
            R"({"kernel": "Sweep_SphereTriangle", "inputs": {"centre": [1, 1, 2], "radius": 0.5, "move": [0, 0, 1], )" +
            T + "}}\n" +
            R"({"kernel": "SphereSweep_VertexRegion", "inputs": {"k": 0, "centre": [-1, -1, 0.2], "r": 0.5, "move": [-1, -1, 0], )" +
            T + "}}\n" +
            R"({"kernel": "Segment_SphereIntersect", "inputs": {"A": [0, 0, 0], "E": [4, 0, 0], "C": [2, -0.3, 0.3], "r": 0.5}})"
            "\n" +
            R"({"kernel": "PointTriangle_DistanceSq", "inputs": {"P": [5, -1, 1], )" + T + "}}\n";
        const auto lines = json_lines(run_cli("eval -", input).out);
        REQUIRE(lines.size() == 6);
        CHECK_NEAR(lines[0]["fraction"].get<double>(), 0.476954);
        CHECK(lines[0]["mask"] == 2);
        CHECK_NEAR(lines[0]["roots"][1].get<double>(), 0.295703);
        CHECK_NEAR(lines[1]["fraction"].get<double>(), 0.718294);
        CHECK(lines[2]["return"] == 0);
        CHECK(lines[2]["mask"].is_null());
        CHECK(lines[3]["return"] == 0);
        CHECK(lines[3]["fraction"].is_null());
        CHECK(lines[4]["count"] == 2);
        CHECK_NEAR(lines[4]["points"][1][0].get<double>(), 2.264575);
        CHECK_NEAR(lines[5]["return"].get<double>(), 3);
        CHECK_NEAR(lines[5]["s"].get<double>(), 1);
    }
}
