#include "mpi_types.hpp"

#include <rtcg/core/error.hpp>

#include <string>

namespace rtcg::detail {

MPI_Datatype reduction_type(const codegen::DType& dtype, ReduceOp op, std::string_view where) {
    using codegen::DType;
    const bool ordered = op == ReduceOp::min || op == ReduceOp::max;
    if (dtype.is_complex() && ordered)
        throw InvalidArgument(std::string("complex numbers have no ") + to_string(op), std::string(where));
    static const std::pair<DType, MPI_Datatype> types[] = {
        {DType::int8(), MPI_INT8_T},       {DType::int16(), MPI_INT16_T},
        {DType::int32(), MPI_INT32_T},     {DType::int64(), MPI_INT64_T},
        {DType::uint8(), MPI_UINT8_T},     {DType::uint16(), MPI_UINT16_T},
        {DType::uint32(), MPI_UINT32_T},   {DType::uint64(), MPI_UINT64_T},
        {DType::float32(), MPI_FLOAT},     {DType::float64(), MPI_DOUBLE},
        {DType::complex64(), MPI_C_FLOAT_COMPLEX}, {DType::complex128(), MPI_C_DOUBLE_COMPLEX},
    };
    for (const auto& [type, mpi] : types)
        if (type == dtype) return mpi;
    throw InvalidArgument("elements of type " + std::string(dtype.name()) +
                              " cannot be reduced: integers, floating and complex types can",
                          std::string(where));
}

MPI_Op mpi_op(ReduceOp op) {
    switch (op) {
    case ReduceOp::sum: return MPI_SUM;
    case ReduceOp::prod: return MPI_PROD;
    case ReduceOp::min: return MPI_MIN;
    case ReduceOp::max: return MPI_MAX;
    }
    return MPI_SUM;
}

} // namespace rtcg::detail
