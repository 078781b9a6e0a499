#pragma once
/// \file
/// A value that names a C++ type, for constructors whose class template parameter no argument
/// would otherwise reveal:
///
/// \code
///   rtcg::ReductionKernel sum(ctx, rtcg::type<float>, "0", "a+b", "x[i]", "float *x");   // ReductionKernel<float>
/// \endcode
namespace rtcg {

/// Names the type T as a value, for constructors that take a type: rtcg::type<float>.
template <class T>
struct TypeTag {
    /// The type named.
    using type = T;
};

/// The tag of T.
template <class T>
inline constexpr TypeTag<T> type{};

} // namespace rtcg
