// levelsweep eval for spec Unit 13 through the CLI binary (docs/eval.md, "Unit 13").
#include <doctest/doctest.h>

#include <set>
#include <string>

#include "cli_support.hpp"

using levelsweep::test::join;
using levelsweep::test::json_lines;
using levelsweep::test::run_cli;
using nlohmann::json;

namespace {

std::string box_at(const char* P) {
    return join(R"("A0": [1,0,0], "A1": [0,1,0], "A2": [0,0,1], "half": [0.5,0.5,0.5], "P": )", P);
}
const char* const floor_corners = R"("v0": [-10,-10,0], "v1": [30,-10,0], "v2": [-10,30,0])";

std::string call(const std::string& kernel, const std::string& inputs, const std::string& extra = "") {
    return join(R"({"kernel": ")", kernel, R"(", )", extra, R"("inputs": )", inputs, "}\n");
}

}  // namespace

TEST_SUITE("unit13 box") {
    TEST_CASE("eval: every Unit 13 kernel answers with the spec's values") {
        const std::string drop = join("{", box_at("[0,0,2]"), ", ", floor_corners, R"(, "move": [0,0,-2]})");
        const std::string own = join(R"({"type": "box", )", box_at("[0,0,1]"), "}");
        const std::string other = join(R"({"type": "box", )", box_at("[1.5,0.3,1.2]"), "}");
        const std::string seg = R"({"type": "segment", "S": [-2,0,0], "E": [2,0,0], "r": 0.1})";
        const std::string in = join(
            call("Sweep_IntervalOverlap",
                 R"({"tFirst": 0.7, "tLast": 0.9, "tMax": 1, "v": 0, "aMin": 0, "aMax": 1, "bMin": 0.5, "bMax": 2})"),
            call("BoxTri_ProjectBox", join("{", box_at("[1,2,3]"), R"(, "L": [1,1,0]})")),
            call("BoxTri_ProjectTriangle", R"({"v0": [1,0,0], "v1": [3,0,0], "v2": [0,0,0], "L": [1,0,0]})"),
            call("Sweep_BoxTriangle", drop), call("Sweep_BoxTriangle", drop, R"("mode": "corrected", )"),
            call("Sweep_BoxBox", join(R"({"boxA": {)", box_at("[-2,0,0]"), R"(}, "moveA": [2,3,0], "boxB": {)",
                                      box_at("[0,0,0]"), R"(}, "moveB": [0,0,0]})")),
            call("PhysicsSweep_BoxBox", join(R"({"own": )", own, R"(, "other": )", other, R"(, "move": [2,0,0,0]})")),
            call("PhysicsSweep_SegmentBox", join(R"({"own": )", seg, R"(, "other": )", own, R"(, "move": [1,0,0]})")),
            call("PhysicsSweep_BoxSegment", join(R"({"own": )", own, R"(, "other": )", seg, R"(, "move": [1,0,0]})")),
            call("Sweep_BoxTriangle", R"({"v0": [0,0,0]})"));
        const auto r = run_cli("eval -", in);
        REQUIRE(r.exit_code == 0);
        const auto out = json_lines(r.out);
        REQUIRE(out.size() == 10);
        CHECK(out[0]["return"] == 0);  // the zero-speed reset
        CHECK(out[0]["tFirst"] == 0.0);
        CHECK(out[0]["tLast"] == 1.0);
        CHECK(out[1]["min"] == 2.0);
        CHECK(out[1]["max"] == 4.0);
        CHECK(out[2]["min"] == 0.0);
        CHECK(out[2]["max"] == 3.0);
        CHECK(out[3]["return"] == 0.0);  // the flat drop: the quirk
        CHECK(out[3]["windows"].size() == 13);
        CHECK(out[3]["windows"][0][0].get<double>() == doctest::Approx(0.75));
        CHECK(out[4]["return"].get<double>() == doctest::Approx(0.75));
        CHECK(out[5]["return"] == false);
        CHECK(out[5]["axis"] == 17);  // W x A2
        CHECK(out[6]["return"] == true);
        const json& c = out[6]["contact"];
        CHECK(c["fraction"] == 0.0);
        CHECK(c["other_normal"][0] == -1.0);
        CHECK(c["own_normal"][0] == 1.0);
        CHECK(c["other_local"][0] == -0.5);
        CHECK(c["other_local"][2] == 1.0);
        CHECK(c["other_local"][3].is_null());  // +0x6c is not written
        CHECK(c["point"][0] == -0.5);
        CHECK(c["flags"] == 0);
        for (int k : {7, 8}) {
            CHECK(out[k]["return"] == false);
            CHECK(out[k]["contact"].empty());
        }
        CHECK(out[9].contains("error"));  // inputs missing
    }

    TEST_CASE("eval --list names every Unit 13 kernel") {
        const auto r = run_cli("eval --list");
        for (const char* k :
             {"Sweep_IntervalOverlap", "BoxTri_ProjectBox", "BoxTri_ProjectTriangle", "Sweep_BoxTriangle",
              "Sweep_BoxBox", "PhysicsSweep_BoxBox", "PhysicsSweep_SegmentBox", "PhysicsSweep_BoxSegment"})
            CHECK_MESSAGE(r.out.find(join(k, "\n")) != std::string::npos, k);
    }
}
