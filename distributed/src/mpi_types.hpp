#pragma once
// rtcg's element types and reductions as MPI's predefined datatypes and operations.
#include <rtcg/codegen/dtype.hpp>
#include <rtcg/distributed/communicator.hpp>

#include <mpi.h>

#include <string_view>

namespace rtcg::detail {

// The MPI datatype reductions of `dtype` by `op` use. InvalidArgument naming `where` for types MPI
// cannot reduce (bool, vectors, structs) and for min and max of complex numbers.
MPI_Datatype reduction_type(const codegen::DType& dtype, ReduceOp op, std::string_view where);

MPI_Op mpi_op(ReduceOp op);

} // namespace rtcg::detail
