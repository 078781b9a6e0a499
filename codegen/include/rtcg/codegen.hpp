#pragma once
// Everything of rtcg's codegen, the text layer: types, argument declarations, literals, numpy's
// type promotion, declared structs and their layout probe, the portable prelude, and the three
// ways to write kernels (substitution, templates, syntax trees). Link rtcg::codegen.
#include <rtcg/codegen/declaration.hpp>
#include <rtcg/codegen/device_struct.hpp>
#include <rtcg/codegen/dialect.hpp>
#include <rtcg/codegen/dtype.hpp>
#include <rtcg/codegen/layout_probe.hpp>
#include <rtcg/codegen/literal.hpp>
#include <rtcg/codegen/prelude.hpp>
#include <rtcg/codegen/promotion.hpp>
#include <rtcg/codegen/substitute.hpp>
#include <rtcg/codegen/syntax.hpp>
#include <rtcg/codegen/template.hpp>
