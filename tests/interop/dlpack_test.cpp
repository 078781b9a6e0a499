// DLPack on every backend: arrays out and back in without copies (contiguous, strided, reversed,
// both struct versions), the descriptor's fields against the array's layout, the deleter run
// exactly once by whichever side owns the tensor, and the tensors rtcg refuses.
#include "../support/expect_error.hpp"
#include "../support/test_context.hpp"

#include <rtcg/arrays.hpp>
#include <rtcg/arrays/dlpack.hpp>
#include <rtcg/core/interop.hpp>

#include <doctest/doctest.h>

#include <cstdint>
#include <numeric>
#include <vector>

using rtcg::slice;
using rtcg::test::contains;
using rtcg::test::context;
using rtcg::test::message_of;
namespace dl = rtcg::dlpack;

namespace {

std::string_view backend() { return rtcg::interop::backend_of(context()); }

std::vector<float> iota(std::size_t n) {
    std::vector<float> values(n);
    std::iota(values.begin(), values.end(), 0.0f);
    return values;
}

// A tensor the test makes itself over memory an rtcg buffer owns, with a deleter that counts.
struct Foreign {
    rtcg::Buffer memory;
    std::vector<std::int64_t> shape;
    std::vector<std::int64_t> strides;
    int deleted = 0;
    dl::DLManagedTensorVersioned managed{};

    Foreign(const std::vector<float>& values, std::vector<std::int64_t> shape_, std::vector<std::int64_t> strides_,
            std::uint64_t byte_offset)
        : memory(context().to_device(values)), shape(std::move(shape_)), strides(std::move(strides_)) {
        managed.version = dl::version;
        managed.manager_ctx = this;
        managed.deleter = [](dl::DLManagedTensorVersioned* self) { ++static_cast<Foreign*>(self->manager_ctx)->deleted; };
        auto& tensor = managed.dl_tensor;
        tensor.data = reinterpret_cast<void*>(
            static_cast<std::uintptr_t>(rtcg::interop::native_buffer(memory, backend())));
        tensor.device = {backend() == "cuda" ? dl::kDLCUDA : dl::kDLOpenCL,
                         static_cast<std::int32_t>(context().selector().back() - '0')};
        tensor.ndim = static_cast<std::int32_t>(shape.size());
        tensor.dtype = {dl::kDLFloat, 32, 1};
        tensor.shape = shape.data();
        tensor.strides = strides.empty() ? nullptr : strides.data();
        tensor.byte_offset = byte_offset;
    }
};

} // namespace

TEST_CASE("to_dlpack describes the array's layout, and from_dlpack shares its memory") {
    const auto values = iota(24);
    auto a = rtcg::Array<float>::to_device(context(), values, {2, 3, 4});
    dl::DLManagedTensorVersioned* t = dl::to_dlpack(a);
    REQUIRE(t != nullptr);
    CHECK(t->version.major == 1);
    CHECK(t->flags == 0);
    const auto& tensor = t->dl_tensor;
    CHECK(tensor.device.device_type == (backend() == "cuda" ? dl::kDLCUDA : dl::kDLOpenCL));
    CHECK(tensor.ndim == 3);
    CHECK(std::vector<std::int64_t>(tensor.shape, tensor.shape + 3) == std::vector<std::int64_t>{2, 3, 4});
    CHECK(std::vector<std::int64_t>(tensor.strides, tensor.strides + 3) == std::vector<std::int64_t>{12, 4, 1});
    CHECK(tensor.dtype.code == dl::kDLFloat);
    CHECK(tensor.dtype.bits == 32);
    CHECK(tensor.dtype.lanes == 1);
    CHECK(tensor.byte_offset == 0);
    CHECK(reinterpret_cast<std::uintptr_t>(tensor.data) == rtcg::interop::native_buffer(a.data().buffer(), backend()));

    auto b = dl::from_dlpack<float>(context(), t); // b owns t now
    CHECK(b.shape() == a.shape());
    a.fill(5.0f); // same memory
    CHECK(b.get() == std::vector<float>(24, 5.0f));
    a = rtcg::Array<float>::zeros(context(), 1); // the export keeps the memory alive
    CHECK(b.get() == std::vector<float>(24, 5.0f));
}

TEST_CASE("non-contiguous views go out with their strides and offset and come back equal") {
    const auto values = iota(48);
    auto a = rtcg::Array<float>::to_device(context(), values, {6, 8});
    // Rows 1, 3, 5 and every third column from 7 down: strides (16, -3), first element (1, 7).
    const auto view = a(slice(1, 6, 2), slice(7, rtcg::none, -3));
    const auto expected = view.get();
    for (const bool versioned : {true, false}) {
        CAPTURE(versioned);
        const auto back = [&] {
            if (!versioned) return dl::from_dlpack<float>(context(), dl::to_dlpack_unversioned(view));
            auto* t = dl::to_dlpack(view);
            const auto& tensor = t->dl_tensor;
            CHECK(std::vector<std::int64_t>(tensor.strides, tensor.strides + 2) == std::vector<std::int64_t>{16, -3});
            CHECK(tensor.byte_offset == (1 * 8 + 7) * sizeof(float));
            return dl::from_dlpack<float>(context(), t);
        }();
        CHECK(back.shape() == std::vector<std::size_t>{3, 3});
        CHECK(back.get() == expected);
    }
}

TEST_CASE("from_dlpack runs a foreign tensor's deleter exactly once, after the last view") {
    Foreign foreign(iota(12), {3, 2}, {1, 3}, 0); // Fortran order
    {
        auto array = dl::from_dlpack<float>(context(), &foreign.managed);
        CHECK(array.get() == std::vector<float>{0, 3, 1, 4, 2, 5});
        auto column = array(slice(rtcg::none), 1);
        array = rtcg::Array<float>::zeros(context(), 1);
        CHECK(foreign.deleted == 0);
        CHECK(column.get() == std::vector<float>{3, 4, 5});
    }
    CHECK(foreign.deleted == 1);

    // Null strides are C order; the byte offset moves element (0, 0).
    Foreign offset(iota(12), {2, 4}, {}, 4 * sizeof(float));
    CHECK(dl::from_dlpack<float>(context(), &offset.managed).get() == std::vector<float>{4, 5, 6, 7, 8, 9, 10, 11});
    CHECK(offset.deleted == 1);

    // An empty tensor keeps nothing: its deleter runs at once.
    Foreign empty(iota(4), {0, 3}, {}, 0);
    empty.managed.dl_tensor.data = nullptr;
    const auto none = dl::from_dlpack<float>(context(), &empty.managed);
    CHECK(none.size() == 0);
    CHECK(empty.deleted == 1);
}

TEST_CASE("tensors rtcg cannot take are refused before it takes them") {
    Foreign foreign(iota(1024), {1024}, {}, 0); // 4 KiB: the driver reports its extent exactly
    auto& tensor = foreign.managed.dl_tensor;
    const auto refused = [&] { return message_of<rtcg::InvalidArgument>([&] { dl::from_dlpack(context(), &foreign.managed); }); };

    foreign.managed.version = {2, 0};
    CHECK(contains(refused(), "DLPack 2.0"));
    foreign.managed.version = dl::version;

    foreign.managed.flags = dl::flag_read_only;
    CHECK(contains(refused(), "read-only"));
    foreign.managed.flags = 0;

    tensor.device.device_type = dl::kDLCPU;
    CHECK(contains(refused(), "kDLCPU"));
    tensor.device.device_type = backend() == "cuda" ? dl::kDLOpenCL : dl::kDLCUDA;
    message_of<rtcg::BackendMismatch>([&] { dl::from_dlpack(context(), &foreign.managed); });
    tensor.device.device_type = backend() == "cuda" ? dl::kDLCUDA : dl::kDLOpenCL;
    tensor.device.device_id += 1;
    refused();
    tensor.device.device_id -= 1;

    tensor.dtype = {dl::kDLFloat, 16, 1};
    CHECK(contains(refused(), "16 bits"));
    tensor.dtype = {dl::kDLFloat, 32, 1};

    tensor.byte_offset = 2;
    CHECK(contains(refused(), "multiple"));
    tensor.byte_offset = 4; // 1024 elements from element 1 reach one past the memory
    refused();
    tensor.byte_offset = 0;

    std::int64_t backwards = -1;
    tensor.strides = &backwards; // elements before the data pointer
    CHECK(contains(refused(), "before"));
    tensor.strides = nullptr;

    // Another element type than the Array's.
    CHECK(contains(message_of<rtcg::InvalidArgument>([&] { dl::from_dlpack<std::int32_t>(context(), &foreign.managed); }),
                   "float32"));
    CHECK(foreign.deleted == 0);
    // Still the caller's, and still good.
    CHECK(dl::from_dlpack<float>(context(), &foreign.managed).get() == iota(1024));
    CHECK(foreign.deleted == 1);
}

TEST_CASE("element types map both ways, and structs have none") {
    CHECK(dl::dtype_of({dl::kDLBool, 8, 1}) == rtcg::codegen::DType::boolean());
    CHECK(dl::dtype_of({dl::kDLUInt, 16, 1}) == rtcg::codegen::DType::uint16());
    CHECK(dl::dtype_of({dl::kDLComplex, 128, 1}) == rtcg::codegen::DType::complex128());
    CHECK(dl::dtype_of({dl::kDLInt, 32, 4}) == rtcg::codegen::DType::vector(rtcg::codegen::DType::int32(), 4));
    message_of<rtcg::InvalidArgument>([] { dl::dtype_of({dl::kDLBfloat, 16, 1}); });
    message_of<rtcg::InvalidArgument>([] { dl::dtype_of({dl::kDLFloat, 32, 3}); });

    auto complex = rtcg::Array<std::complex<double>>::zeros(context(), 3);
    auto* t = dl::to_dlpack(complex);
    CHECK(t->dl_tensor.dtype.code == dl::kDLComplex);
    CHECK(t->dl_tensor.dtype.bits == 128);
    t->deleter(t); // the consumer's one call frees the export
}
