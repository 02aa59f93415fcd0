// levelsweep eval answers every Unit 5 kernel (docs/eval.md, "Unit 5").
#include <doctest/doctest.h>

#include "cli_support.hpp"
#include "support.hpp"

using levelsweep::test::json_lines;
using levelsweep::test::run_cli;

namespace {
// Box B of the spec's Test ideas.
const std::string box_b = R"("A0": [1, 0, 0], "A1": [0, 1, 0], "A2": [0, 0, 1], "P": [0, 0, 0.5], "half": [2, 1, 0.5])";
}  // namespace

TEST_SUITE("unit05 eval cli") {
    TEST_CASE("the sweep-table entries print the contact words they write") {
        const std::string in =
            R"({"kernel": "PhysicsSweep_SphereBox", "inputs": {"r": 0.09, "C": [0, -1.3, 0.5], "move": [0, 0.4, 0], )" +
            box_b + "}}\n" +
            R"({"kernel": "PhysicsSweep_SphereBox", "inputs": {"r": 0.09, "C": [0, -1.3, 0.5], "move": [0, 0.11, 0], )" +
            box_b + "}}\n" +
            R"({"kernel": "PhysicsSweep_BoxSphere", "inputs": {"r": 0.09, "C": [0, -1.3, 0.5], "move": [0, -0.4, 0], )" +
            box_b + "}}\n";
        const auto r = run_cli("eval -", in);
        REQUIRE(r.exit_code == 0);
        const auto lines = json_lines(r.out);
        REQUIRE(lines.size() == 3);
        const auto& hit = lines[0];
        CHECK(hit["return"] == 1);
        CHECK_NEAR(hit["contact"]["fraction"].get<double>(), 0.525);
        CHECK(hit["contact"]["other_feature_index"] == 2);
        CHECK(hit["contact"]["other_feature_type"] == 0);
        CHECK_NEAR(hit["contact"]["other_local"][1].get<double>(), -1.0);
        CHECK(hit["contact"]["other_local"][3].is_null());  // +0x6c is not written
        CHECK(hit["contact"]["other_normal"][3] == 0.0);
        CHECK_NEAR(hit["contact"]["own_normal"][1].get<double>(), 1.0);
        CHECK_NEAR(hit["contact"]["point"][2].get<double>(), 0.5);
        CHECK(hit["contact"]["flags"] == 0);
        CHECK_FALSE(hit["contact"].contains("slide"));
        CHECK(lines[1]["return"] == 0);
        CHECK(lines[1]["contact"].empty());
        CHECK(lines[2]["return"] == 1);
        CHECK(lines[2]["contact"]["own_feature_index"] == 2);
        CHECK_NEAR(lines[2]["contact"]["other_normal"][1].get<double>(), 1.0);
    }

    TEST_CASE("Sweep_SphereOrientedBox, with the mode and a quirk switch per call") {
        const std::string corner = R"("r": 0.09, "C": [2.3, -1.3, 1.3], "sphereMove": [-0.4, 0.4, -0.4], )" + box_b;
        const std::string in =
            R"({"kernel": "Sweep_SphereOrientedBox", "inputs": {)" + corner + "}}\n" +
            R"({"kernel": "Sweep_SphereOrientedBox", "mode": "corrected", "inputs": {)" + corner + "}}\n" +
            R"({"kernel": "Sweep_SphereOrientedBox", "inputs": {"r": 0.09, "C": [0, -1.05, 0.5], "sphereMove": [0, 0.1, 0], )" +
            box_b + "}}\n";
        const auto lines = json_lines(run_cli("eval -", in).out);
        REQUIRE(lines.size() == 3);
        CHECK(lines[0]["return"] == 1);
        CHECK(lines[0]["feature_type"] == 1);
        CHECK(lines[0]["feature_index"] == 5);
        CHECK_NEAR(lines[0]["fraction"].get<double>(), 0.620096);
        CHECK_NEAR(lines[0]["feature_normal"][0].get<double>(), -0.577);                    // the original's table
        CHECK_NEAR(lines[0]["local_point"][0].get<double>(), 2.0 + 0.09 / std::sqrt(3.0));  // the centre
        CHECK_NEAR(lines[1]["feature_normal"][0].get<double>(), 0.577);                     // the outward normal
        CHECK_NEAR(lines[1]["local_point"][0].get<double>(), 2.0);                          // the corner
        CHECK(lines[2]["return"] == 0);
        CHECK(lines[2]["step_return"] == -1);  // touching at the start
        CHECK(lines[2]["fraction"].is_null());
    }

    TEST_CASE("the steps give 1, 0 or -1 with their outputs, and the roots and normals answer") {
        const std::string in =
            R"({"kernel": "SphereBox_SweepCorner", "inputs": {"half": [2, 1, 0.5], "start": [0, 0, 1], "move": [0, 0, -1], "r": 0.25}})"
            "\n"
            R"({"kernel": "SphereBox_SweepCorner", "inputs": {"half": [2, 1, 0.5], "start": [0, 0, 0.7], "move": [0, 0, -1], "r": 0.25, "t0": 1}})"
            "\n"
            R"({"kernel": "SphereBox_SweepEdges", "inputs": {"half": [2, 1, 0.5], "start": [2.5, 0, 1], "move": [0.1, 0, 0.1], "r": 0.09}})"
            "\n"
            R"({"kernel": "SphereBox_SweepEdge", "inputs": {"q": 0, "h1": 1, "b": 2, "h2": 0.5, "e1": 0.3, "e2": 0.3, "m1": -0.4, "mq": 0, "m2": -0.4, "r": 0.09}})"
            "\n"
            R"({"kernel": "SphereBox_SweepFaceEdges", "inputs": {"half": [2, 1, 0.5], "start": [2.05, 1.05, 0.55], "move": [1, 0, 0], "r": 0.09}})"
            "\n"
            R"({"kernel": "SphereBox_ToBoxSpace", "inputs": {"A0": [1, 0, 0], "A1": [0, 1, 0], "A2": [0, 0, 1], "type": 2, "index": 7}})"
            "\n"
            R"({"kernel": "Ray_SphereRoot", "inputs": {"q": [0.3, 0.3, 0.3], "m": [-0.4, -0.4, -0.4], "rr": 0.0081}})"
            "\n"
            R"({"kernel": "Ray_CircleRoot", "inputs": {"q": [0.3, 0.3], "m": [-0.4, -0.4], "A": 0.32, "rr": 0.0081}})"
            "\n"
            R"({"kernel": "SphereBox_ToBoxSpace", "inputs": {"A0": [1, 0, 0], "A1": [0, 1, 0], "A2": [0, 0, 1]}})"
            "\n";
        const auto lines = json_lines(run_cli("eval -", in).out);
        REQUIRE(lines.size() == 9);
        CHECK(lines[0]["return"] == 1);
        CHECK(lines[0]["fraction"] == 0.25);
        CHECK(lines[0]["point"] == nlohmann::json::array({0.0, 0.0, 0.5}));
        CHECK(lines[1]["return"] == -1);
        CHECK(lines[1]["fraction"] == 0.0);
        CHECK(lines[1]["point"].is_null());
        CHECK(lines[2]["return"] == 0);
        CHECK(lines[2]["fraction"].is_null());
        CHECK(lines[3]["return"] == 1);
        CHECK_NEAR(lines[3]["fraction"].get<double>(), (0.3 * std::sqrt(2.0) - 0.09) / (0.4 * std::sqrt(2.0)));
        CHECK(lines[4]["return"] == -1);
        CHECK_NEAR(lines[5]["normal"][0].get<double>(), -0.707107);
        CHECK_NEAR(lines[5]["normal"][2].get<double>(), 0.707107);
        CHECK_NEAR(lines[6]["return"].get<double>(), (0.3 * std::sqrt(3.0) - 0.09) / (0.4 * std::sqrt(3.0)));
        CHECK_NEAR(lines[7]["return"].get<double>(), (0.3 * std::sqrt(2.0) - 0.09) / (0.4 * std::sqrt(2.0)));
        CHECK(lines[8].contains("error"));  // "type" is required
    }
}
