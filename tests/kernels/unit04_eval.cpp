// levelsweep eval for spec Unit 4 through the CLI binary: every kernel and
// overlap-table entry answers, with the spec's values (docs/eval.md, "Unit 4").
#include <doctest/doctest.h>

#include <set>
#include <string>

#include "cli_support.hpp"

using levelsweep::test::join;
using levelsweep::test::json_lines;
using levelsweep::test::run_cli;
using nlohmann::json;

namespace {

const char* const car_box =
    R"({"type": "box", "A0": [1,0,0], "A1": [0,1,0], "A2": [0,0,1], "P": [0,0,0.5], "half": [2,1,0.5]})";

std::string walker(const char* base) { return join(R"({"type": "capsule", "r": 0.35, "h": 2, "B": )", base, "}"); }

std::string call(const std::string& kernel, const std::string& inputs, const std::string& extra = "") {
    return join(R"({"kernel": ")", kernel, R"(", )", extra, R"("inputs": )", inputs, "}\n");
}

void check_vec(const json& v, double x, double y, double z) {
    REQUIRE(v.is_array());
    CHECK(v[0].get<double>() == doctest::Approx(x).epsilon(1e-5));
    CHECK(v[1].get<double>() == doctest::Approx(y).epsilon(1e-5));
    CHECK(v[2].get<double>() == doctest::Approx(z).epsilon(1e-5));
}

}  // namespace

TEST_SUITE("unit04 overlap") {
    TEST_CASE("eval --list names every Unit 4 kernel and every overlap-table entry") {
        const auto r = run_cli("eval --list");
        REQUIRE(r.exit_code == 0);
        std::set<std::string> names;
        for (std::size_t at = 0; at < r.out.size();) {
            const std::size_t nl = r.out.find('\n', at);
            names.insert(r.out.substr(at, nl - at));
            at = nl == std::string::npos ? r.out.size() : nl + 1;
        }
        for (const char* k :
             {"Segment_ClosestParam",          "Segment_ClosestPoint",          "Segment_ClosestPoints",
              "CapsuleBox_CornerCircle",       "CapsuleBox_SideInterval",       "PhysicsOverlap_SphereSphere",
              "PhysicsOverlap_BoxBox",         "PhysicsOverlap_CapsuleCapsule", "PhysicsOverlap_SegmentSegment",
              "PhysicsOverlap_BoxSphere",      "PhysicsOverlap_CapsuleBox",     "PhysicsOverlap_BoxCapsule",
              "PhysicsOverlap_SphereBox",      "PhysicsOverlap_SegmentSphere",  "PhysicsOverlap_SphereSegment",
              "PhysicsOverlap_CapsuleSphere",  "PhysicsOverlap_SphereCapsule",  "PhysicsOverlap_SegmentCapsule",
              "PhysicsOverlap_CapsuleSegment", "IPhysics_OverlapShape"})
            CHECK_MESSAGE(names.count(k) == 1, k);
        for (int o = 1; o <= 4; ++o)
            for (int t = 1; t <= 4; ++t) {
                const std::string entry = join("overlap[", std::to_string(o), "][", std::to_string(t), "]");
                CHECK_MESSAGE(names.count(entry) == 1, entry);
            }
    }

    TEST_CASE("eval: the segment and circle kernels") {
        const std::string in = call("Segment_ClosestParam", R"({"p0": [1,0,0], "d": [2,0,0], "q": [2,5,0]})") +
                               call("Segment_ClosestPoint", R"({"p0": [1,2,3], "d": [0,0,4], "q": [7,7,4]})") +
                               call("Segment_ClosestPoints", R"({"d1": [1,0,0], "d2": [0,0,0], "w": [-0.9,-0.05,0]})") +
                               call("Segment_ClosestPoints", R"({"d1": [1,0,0], "d2": [0,0,0], "w": [-0.9,-0.05,0]})",
                                    R"("mode": "corrected", )") +
                               call("CapsuleBox_CornerCircle", R"({"x": -4, "y": -5, "r": 6, "hx": 1, "hy": 1})") +
                               call("CapsuleBox_SideInterval", R"({"x": -3, "y": 0, "r": 0.9, "hx": 2, "hy": 1})");
        const auto r = run_cli("eval -", in);
        REQUIRE(r.exit_code == 0);
        const auto out = json_lines(r.out);
        REQUIRE(out.size() == 6);
        CHECK(out[0]["t"].get<double>() == 0.5);
        check_vec(out[1]["out"], 1, 2, 4);
        CHECK(out[1]["out"][3] == 1.0);
        CHECK(out[2]["s"] == 0.0);  // the degenerate-second quirk
        CHECK(out[2]["t"] == 0.0);
        CHECK(out[3]["s"].get<double>() == doctest::Approx(0.9).epsilon(1e-5));
        CHECK(out[4]["return"] == true);
        CHECK(out[4]["depth"].get<double>() == doctest::Approx(11.0));
        CHECK(out[5]["return"] == false);
        CHECK(out[5]["depth"].is_null());  // not written
    }

    TEST_CASE("eval: pair functions return the hit and exactly the words written") {
        const std::string cap0 = walker("[0,0,0]");
        const std::string in =
            call("PhysicsOverlap_CapsuleCapsule",
                 join(R"({"own": )", cap0, R"(, "other": )", walker("[0.5,0,1]"), "}")) +
            call("PhysicsOverlap_CapsuleBox",
                 join(R"({"own": )", walker("[-2.2,-1.2,0]"), R"(, "other": )", car_box, "}")) +
            call(
                "PhysicsOverlap_SphereSphere",
                R"({"own": {"type": "sphere", "r": 0.5, "C": [0,0,0]}, "other": {"type": 2, "r": 0.5, "C": [1.001,0,0]}})") +
            call("PhysicsOverlap_BoxBox",
                 join(R"({"own": {"type": "box", "A0": [1,0,0], "A1": [0,1,0], "A2": [0,0,1], "P": [100,0,0], )",
                      R"("half": [1,1,1]}, "other": {"type": "box", "A0": [1,0,0], "A1": [0,1,0], "A2": [0,0,1], )",
                      R"("P": [101.5,0,0], "half": [1,1,1]}})"));
        const auto r = run_cli("eval -", in);
        const auto out = json_lines(r.out);
        REQUIRE(out.size() == 4);
        CHECK(out[0]["return"] == true);
        check_vec(out[0]["contact"]["own_normal"], 1, 0, 0);
        check_vec(out[0]["contact"]["other_normal"], -1, 0, 0);
        CHECK(out[0]["contact"]["depth"].get<double>() == doctest::Approx(0.2).epsilon(1e-5));
        CHECK(out[0]["contact"].size() == 3);
        // The (-, -) corner quirk; the corner normal's w is not written (null).
        CHECK(out[1]["return"] == true);
        CHECK(out[1]["contact"]["other_normal"][0].get<double>() == doctest::Approx(-0.8858).epsilon(1e-4));
        CHECK(out[1]["contact"]["other_normal"][3].is_null());
        CHECK(out[1]["contact"]["depth"].get<double>() == doctest::Approx(0.0425).epsilon(1e-4));
        CHECK(out[2]["return"] == false);
        CHECK(out[2]["contact"].empty());
        CHECK(out[3]["return"] == false);  // the centre-matrix quirk
    }

    TEST_CASE("eval: overlap[own][other] entries, the empty ones included") {
        std::string in;
        const std::string sph = R"({"type": "sphere", "r": 0.5, "C": [0,0,0.5]})";
        const std::string seg = R"({"type": "segment", "S": [-3,0,0.5], "E": [3,0,0.5], "r": 0.1})";
        in += call("overlap[1][3]", join(R"({"own": )", car_box, R"(, "other": )", walker("[0,-1.2,0]"), "}"));
        in += call("overlap[4][1]", join(R"({"own": )", seg, R"(, "other": )", car_box, "}"));
        in += call("overlap[1][4]", join(R"({"own": )", car_box, R"(, "other": )", seg, "}"));
        in += call("overlap[2][1]", join(R"({"own": )", sph, R"(, "other": )", car_box, "}"));
        const auto out = json_lines(run_cli("eval -", in).out);
        REQUIRE(out.size() == 4);
        CHECK(out[0]["entry"] == "PhysicsOverlap_BoxCapsule");
        CHECK(out[0]["return"] == true);
        check_vec(out[0]["contact"]["own_normal"], 0, -1, 0);
        CHECK(out[0]["contact"]["own_normal"][3] == 1.0);
        CHECK(out[0]["contact"]["depth"].get<double>() == doctest::Approx(0.15).epsilon(1e-5));
        for (int k : {1, 2}) {
            CHECK(out[k]["entry"].is_null());
            CHECK(out[k]["return"] == false);
            CHECK(out[k]["contact"].empty());
        }
        CHECK(out[3]["entry"] == "PhysicsOverlap_SphereBox");
        CHECK(out[3]["return"] == true);
    }

    TEST_CASE("eval: IPhysics_OverlapShape gathers, orders and fills contacts") {
        const char* const head = R"({"owner": 1, "shape_id": 3, "max": 32, "own": )";
        const char* const tail = R"(, "candidates": [{"owner": 2, "chain": [{"id": 7, "shape": )";
        const std::string high = join(head, walker("[0,-1.2,50]"), tail, car_box, "}]}]}");
        const std::string low = join(head, walker("[0,-1.2,0]"), tail, car_box, "}]}]}");
        const auto out =
            json_lines(run_cli("eval -", call("IPhysics_OverlapShape", high) + call("IPhysics_OverlapShape", low) +
                                             call("IPhysics_OverlapShape",
                                                  R"({"owner": 1, "own": {"type": "sphere", "r": 1, "C": [0,0,0]}})"))
                           .out);
        REQUIRE(out.size() == 3);
        CHECK(out[0]["return"] == 0);  // the gather box rejects it
        CHECK(out[1]["return"] == 1);
        const json& c = out[1]["contacts"][0];
        CHECK(c["own_owner"] == 1);
        CHECK(c["own_shape"] == 3);
        CHECK(c["other_owner"] == 2);
        CHECK(c["other_shape"] == 7);
        CHECK(c["triangle"] == 0);
        check_vec(c["other_normal"], 0, -1, 0);
        CHECK(out[2].contains("error"));  // no candidates given
    }
}
