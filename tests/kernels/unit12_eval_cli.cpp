// levelsweep eval answers every Unit 12 kernel (docs/eval.md, "Unit 12").
#include <doctest/doctest.h>

#include "cli_support.hpp"
#include "support.hpp"

using levelsweep::test::json_lines;
using levelsweep::test::run_cli;

namespace {
const std::string box_b = R"("A0": [1, 0, 0], "A1": [0, 1, 0], "A2": [0, 0, 1], "P": [0, 0, 0.5], "half": [2, 1, 0.5])";
}  // namespace

TEST_SUITE("unit12 eval cli") {
    TEST_CASE("the sweep-table entries: the contact, the bodies' flags, the mirror") {
        const std::string corner = R"("r": 0.35, "h": 1.8, "B": [-2.5, -1.5, 0], "move": [0.4, 0.4, 0], )" + box_b;
        const std::string in =
            R"({"kernel": "PhysicsSweep_CapsuleBox", "inputs": {)" + corner + "}}\n" +
            R"({"kernel": "PhysicsSweep_CapsuleBox", "inputs": {"owner_flags": 67108864, )" + corner + "}}\n" +
            R"({"kernel": "PhysicsSweep_CapsuleBox", "inputs": {"r": 0.35, "h": 1.8, "B": [-2.5, 0.8, 0], "move": [-1, 0.3, 0], "landing": 1, )" +
            box_b + "}}\n" +
            R"({"kernel": "PhysicsSweep_CapsuleBox", "inputs": {"r": 0.35, "h": 1.8, "B": [-2.5, 0.8, 0], "move": [-1, 0.3, 0], "landing": 1, "box_flags": 4, )" +
            box_b + "}}\n" +
            R"({"kernel": "PhysicsSweep_BoxCapsule", "inputs": {"r": 0.35, "h": 1.8, "B": [-2.6, 0.2, 0], "move": [-0.5, 0, 0, 0.25], )" +
            box_b + "}}\n";
        const auto lines = json_lines(run_cli("eval -", in).out);
        REQUIRE(lines.size() == 5);
        const auto& c = lines[0]["contact"];
        CHECK(lines[0]["return"] == 1);
        CHECK_NEAR(c["fraction"].get<double>(), 0.631282);
        CHECK(c["other_normal"][3].is_null());  // a corner normal's w is never set
        CHECK_NEAR(c["other_normal"][0].get<double>(), -0.707107);
        CHECK(c["other_local"] == nlohmann::json::array({-2.0, -1.0, 0.9f, 1.0}));
        CHECK_NEAR(c["slide"][0].get<double>(), -0.707107);
        CHECK(c["flags"] == 1);
        CHECK(lines[1]["contact"]["slide"] == nlohmann::json::array({0.0, 0.0, 0.0, 1.0}));  // airborne
        CHECK(lines[2]["return"] == 1);
        CHECK_NEAR(lines[2]["contact"]["fraction"].get<double>(), -0.5);  // flag 1: a negative fraction
        CHECK(lines[3]["return"] == 0);                                   // BLOCKHUMANS: flag 0
        const auto& m = lines[4]["contact"];
        CHECK(lines[4]["return"] == 1);
        CHECK_NEAR(m["own_normal"][0].get<double>(), -1.0);
        CHECK(m["other_normal"][3] == 0.25);  // the move's w
        CHECK(m["own_local"][2] == 0.9f);
    }

    TEST_CASE("the steps give 1, 0 or -1 with their outputs") {
        const std::string in =
            R"({"kernel": "CapsuleBox_SweepSide", "inputs": {"x": -2.6, "y": 0.2, "r": 0.35, "mx": 0.5, "my": 0, "hx": 2, "hy": 1, "flag": 0}})"
            "\n"
            R"({"kernel": "CapsuleBox_SweepSide", "inputs": {"x": -2.2, "y": 0, "r": 0.35, "mx": 0.1, "my": 0, "hx": 2, "hy": 1, "flag": 0}})"
            "\n"
            R"({"kernel": "CapsuleBox_SweepCorner", "inputs": {"x": -2.6, "y": -1.01, "r": 0.35, "mx": 0.48, "my": -0.3, "hx": 2, "hy": 1, "flag": 0}})"
            "\n"
            R"({"kernel": "CapsuleBox_SweepCorner", "mode": "corrected", "inputs": {"x": -2.6, "y": -1.01, "r": 0.35, "mx": 0.48, "my": -0.3, "hx": 2, "hy": 1, "flag": 0}})"
            "\n"
            R"({"kernel": "CapsuleBox_SweepSide", "inputs": {"x": -2.6, "y": 0.2}})"
            "\n";
        const auto lines = json_lines(run_cli("eval -", in).out);
        REQUIRE(lines.size() == 5);
        CHECK(lines[0]["return"] == 1);
        CHECK_NEAR(lines[0]["fraction"].get<double>(), 0.5);
        CHECK(lines[0]["px"] == -2.0);
        CHECK_NEAR(lines[0]["py"].get<double>(), 0.2);
        CHECK(lines[1]["return"] == -1);
        CHECK(lines[1]["fraction"] == 0.0);
        CHECK(lines[1]["px"].is_null());
        CHECK(lines[2]["return"] == 0);  // the graze the original misses
        CHECK(lines[2]["fraction"].is_null());
        CHECK(lines[3]["return"] == 1);
        CHECK_NEAR(lines[3]["fraction"].get<double>(), 0.666667);
        CHECK(lines[4].contains("error"));
    }
}
