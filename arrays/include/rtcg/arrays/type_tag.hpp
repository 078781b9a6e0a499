#pragma once
// A value that names a C++ type, for constructors whose class template parameter no argument
// would otherwise reveal:
//
//   rtcg::ReductionKernel sum(ctx, rtcg::type<float>, "0", "a+b", "x[i]", "float *x");   // ReductionKernel<float>
namespace rtcg {

template <class T>
struct TypeTag {
    using type = T;
};

template <class T>
inline constexpr TypeTag<T> type{};

} // namespace rtcg
