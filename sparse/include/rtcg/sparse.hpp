#pragma once
// Everything of rtcg's sparse library: CSR, COO, ELL and SELL-C-sigma matrices, conversions, generators, Matrix
// Market files, products, linear operators (matrix-free stencils among them) and iterative solvers.
// Link rtcg::sparse.
#include <rtcg/sparse/bicgstab.hpp>
#include <rtcg/sparse/cg.hpp>
#include <rtcg/sparse/conversion.hpp>
#include <rtcg/sparse/ell.hpp>
#include <rtcg/sparse/generators.hpp>
#include <rtcg/sparse/gmres.hpp>
#include <rtcg/sparse/matrix.hpp>
#include <rtcg/sparse/matrix_market.hpp>
#include <rtcg/sparse/operator.hpp>
#include <rtcg/sparse/sell.hpp>
#include <rtcg/sparse/solver.hpp>
#include <rtcg/sparse/spmm.hpp>
#include <rtcg/sparse/spmv.hpp>
#include <rtcg/sparse/stencil.hpp>
