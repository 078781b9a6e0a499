#pragma once
// numpy's strided layout on the host, written out the plain way: the test's reference for device
// views and broadcasting. A HostStrided is shared storage, the position of element (0, ..., 0), a
// shape and strides in elements; slicing enumerates the positions Python's slice picks, one by one,
// rather than computing them in closed form as the library does.
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <deque>
#include <memory>
#include <optional>
#include <stdexcept>
#include <vector>

namespace rtcg::test {

// Storage is a deque, whose elements are real T even for bool (a vector<bool> packs bits).
template <class T>
struct HostStrided {
    std::shared_ptr<std::deque<T>> storage;
    std::vector<std::size_t> shape;
    std::vector<std::ptrdiff_t> strides;
    std::ptrdiff_t offset = 0;

    // `values` laid out in C order as `shape`.
    static HostStrided packed(std::vector<T> values, std::vector<std::size_t> shape) {
        HostStrided a{std::make_shared<std::deque<T>>(values.begin(), values.end()), std::move(shape), {}, 0};
        a.strides.assign(a.shape.size(), 0);
        std::ptrdiff_t step = 1;
        for (std::size_t k = a.shape.size(); k-- > 0;) {
            a.strides[k] = step;
            step *= static_cast<std::ptrdiff_t>(a.shape[k]);
        }
        return a;
    }

    std::size_t size() const {
        std::size_t n = 1;
        for (std::size_t extent : shape) n *= extent;
        return n;
    }

    // Where element `flat` (C order) lies in the storage.
    std::ptrdiff_t position(std::size_t flat) const {
        std::ptrdiff_t at = offset;
        for (std::size_t k = shape.size(); k-- > 0;) {
            at += static_cast<std::ptrdiff_t>(flat % shape[k]) * strides[k];
            flat /= shape[k];
        }
        return at;
    }
    T& element(std::size_t flat) const { return storage->at(static_cast<std::size_t>(position(flat))); }

    // Every element of the storage, in storage order.
    std::vector<T> stored() const { return std::vector<T>(storage->begin(), storage->end()); }

    std::vector<T> values() const {
        std::vector<T> out;
        for (std::size_t k = 0; k < size(); ++k) out.push_back(element(k));
        return out;
    }
};

// The positions along an axis of `extent` that Python's slice(start, stop, step) picks, in order.
inline std::vector<std::int64_t> slice_positions(std::int64_t extent, std::optional<std::int64_t> start,
                                                 std::optional<std::int64_t> stop, std::int64_t step) {
    std::vector<std::int64_t> picked;
    if (step > 0) {
        std::int64_t first = start ? (*start < 0 ? std::max<std::int64_t>(*start + extent, 0) : *start) : 0;
        std::int64_t end = stop ? (*stop < 0 ? std::max<std::int64_t>(*stop + extent, 0) : *stop) : extent;
        end = std::min(end, extent);
        for (std::int64_t p = first; p < end; p += step) picked.push_back(p);
    } else {
        std::int64_t first = extent - 1;
        if (start) first = *start < 0 ? *start + extent : std::min(*start, extent - 1);
        std::int64_t end = -1;
        if (stop) end = *stop < 0 ? std::max<std::int64_t>(*stop + extent, -1) : *stop;
        for (std::int64_t p = first; p > end && p >= 0; p += step) picked.push_back(p);
    }
    return picked;
}

// One item of an index, as the test builds it.
struct HostIndexItem {
    enum class Kind { position, slice, newaxis, ellipsis } kind;
    std::int64_t position = 0;
    std::optional<std::int64_t> start, stop, step;
};

// numpy's a[items] on the host reference.
template <class T>
HostStrided<T> host_index(const HostStrided<T>& a, const std::vector<HostIndexItem>& items) {
    std::size_t consumed = 0;
    for (const HostIndexItem& item : items)
        if (item.kind == HostIndexItem::Kind::position || item.kind == HostIndexItem::Kind::slice) ++consumed;
    HostStrided<T> out{a.storage, {}, {}, a.offset};
    std::size_t axis = 0;
    const auto whole = [&] {
        out.shape.push_back(a.shape[axis]);
        out.strides.push_back(a.strides[axis]);
        ++axis;
    };
    for (const HostIndexItem& item : items) {
        switch (item.kind) {
        case HostIndexItem::Kind::newaxis:
            out.shape.push_back(1);
            out.strides.push_back(0);
            break;
        case HostIndexItem::Kind::ellipsis:
            for (std::size_t k = consumed; k < a.shape.size(); ++k) whole();
            break;
        case HostIndexItem::Kind::position: {
            const auto n = static_cast<std::int64_t>(a.shape[axis]);
            const std::int64_t p = item.position < 0 ? item.position + n : item.position;
            if (p < 0 || p >= n) throw std::out_of_range("index out of range");
            out.offset += p * a.strides[axis];
            ++axis;
            break;
        }
        case HostIndexItem::Kind::slice: {
            const std::vector<std::int64_t> picked =
                slice_positions(static_cast<std::int64_t>(a.shape[axis]), item.start, item.stop, item.step.value_or(1));
            out.shape.push_back(picked.size());
            out.strides.push_back(a.strides[axis] * item.step.value_or(1));
            if (!picked.empty()) out.offset += picked[0] * a.strides[axis];
            ++axis;
            break;
        }
        }
    }
    while (axis < a.shape.size()) whole();
    return out;
}

// The axes in the order `axes` lists them.
template <class T>
HostStrided<T> host_transpose(const HostStrided<T>& a, const std::vector<std::size_t>& axes) {
    HostStrided<T> out{a.storage, {}, {}, a.offset};
    for (std::size_t axis : axes) {
        out.shape.push_back(a.shape[axis]);
        out.strides.push_back(a.strides[axis]);
    }
    return out;
}

// numpy's broadcasting of two shapes; nullopt where they do not broadcast.
inline std::optional<std::vector<std::size_t>> host_broadcast(const std::vector<std::size_t>& a,
                                                              const std::vector<std::size_t>& b) {
    std::vector<std::size_t> out(std::max(a.size(), b.size()));
    for (std::size_t k = 0; k < out.size(); ++k) {
        const std::size_t x = k < a.size() ? a[a.size() - 1 - k] : 1;
        const std::size_t y = k < b.size() ? b[b.size() - 1 - k] : 1;
        if (x != y && x != 1 && y != 1) return std::nullopt;
        out[out.size() - 1 - k] = x == 1 ? y : x;
    }
    return out;
}

// `a` read as if of `shape` (which its own shape broadcasts to): element `flat` of that shape.
template <class T>
T broadcast_element(const HostStrided<T>& a, const std::vector<std::size_t>& shape, std::size_t flat) {
    std::ptrdiff_t at = a.offset;
    for (std::size_t k = shape.size(); k-- > 0;) {
        const std::size_t coordinate = flat % shape[k];
        flat /= shape[k];
        const std::size_t from_end = shape.size() - 1 - k;
        if (from_end >= a.shape.size()) continue;
        const std::size_t axis = a.shape.size() - 1 - from_end;
        if (a.shape[axis] != 1) at += static_cast<std::ptrdiff_t>(coordinate) * a.strides[axis];
    }
    return a.storage->at(static_cast<std::size_t>(at));
}

} // namespace rtcg::test
