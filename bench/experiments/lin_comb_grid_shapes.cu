// Launch shapes for lin_comb (z = a*x + b*y) in raw CUDA, float64 and float32 at 2^22-2^28: paired
// 2-vector grid-stride kernels with 16, 64 and 256 work-groups per multiprocessor or two pairs per
// work-item, and scalar kernels, against a device-to-device copy (bench/NOTES.md, attempt 23).
//   nvcc -arch=sm_90 -O3 -o lin_comb_grid_shapes bench/experiments/lin_comb_grid_shapes.cu && ./lin_comb_grid_shapes
#include <cstdio>
#include <vector>
#include <algorithm>
#include <cuda_runtime.h>
#define CK(x) do { cudaError_t e = (x); if (e != cudaSuccess) { printf("%s:%d %s\n", __FILE__, __LINE__, cudaGetErrorString(e)); return 1; } } while (0)
template <class T, class V> __global__ void paired(T a, const T* x, T b, const T* y, T* z, long long n) {
    const V* px = (const V*)x; const V* py = (const V*)y; V* pz = (V*)z;
    const long long stride = (long long)gridDim.x * blockDim.x;
    for (long long k = (long long)blockIdx.x * blockDim.x + threadIdx.x; k < n / 2; k += stride) {
        V vx = px[k], vy = py[k], vz; vz.x = a * vx.x + b * vy.x; vz.y = a * vx.y + b * vy.y; pz[k] = vz;
    }
}
template <class T> __global__ void scalar_stride(T a, const T* x, T b, const T* y, T* z, long long n) {
    const long long stride = (long long)gridDim.x * blockDim.x;
    for (long long i = (long long)blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride) z[i] = a * x[i] + b * y[i];
}
template <class T> __global__ void scalar_one(T a, const T* x, T b, const T* y, T* z, long long n) {
    long long i = (long long)blockIdx.x * blockDim.x + threadIdx.x; if (i < n) z[i] = a * x[i] + b * y[i];
}
template <class F> float time_it(F f) {
    cudaEvent_t s, e; cudaEventCreate(&s); cudaEventCreate(&e);
    for (int w = 0; w < 3; ++w) f();
    std::vector<float> t;
    for (int r = 0; r < 15; ++r) { cudaEventRecord(s); f(); cudaEventRecord(e); cudaEventSynchronize(e); float ms; cudaEventElapsedTime(&ms, s, e); t.push_back(ms); }
    std::sort(t.begin(), t.end()); return t[t.size() / 2];
}
template <class T, class V> int run(const char* name, int sms) {
    for (int lg : {22, 24, 26, 28}) {
        const long long n = 1ll << lg; T *x, *y, *z; CK(cudaMalloc(&x, n * sizeof(T))); CK(cudaMalloc(&y, n * sizeof(T))); CK(cudaMalloc(&z, n * sizeof(T)));
        CK(cudaMemset(x, 0, n * sizeof(T))); CK(cudaMemset(y, 0, n * sizeof(T)));
        const double bytes = 3.0 * n * sizeof(T);
        float copy = time_it([&] { cudaMemcpyAsync(z, x, n * sizeof(T), cudaMemcpyDeviceToDevice); });
        printf("%s 2^%d copy %.0f GB/s\n", name, lg, 2.0 * n * sizeof(T) / copy / 1e6);
        auto report = [&](const char* v, float ms) { printf("  %-28s %7.1f us %6.0f GB/s %5.1f%% of copy\n", v, ms * 1e3, bytes / ms / 1e6, 100.0 * (bytes / ms) / (2.0 * n * sizeof(T) / copy)); };
        for (long long per_sm : {16, 64, 256, 0}) {
            long long groups = (n / 2 + 511) / 512; if (per_sm) groups = std::min(groups, per_sm * sms);
            char label[64]; snprintf(label, 64, "paired cap %lld/SM", per_sm);
            report(per_sm ? label : "paired, 2 pairs/thread", time_it([&] { paired<T, V><<<(unsigned)groups, 256>>>(T(2), x, T(3), y, z, n); }));
        }
        report("paired, 1 pair/thread", time_it([&] { paired<T, V><<<(unsigned)((n / 2 + 255) / 256), 256>>>(T(2), x, T(3), y, z, n); }));
        report("scalar stride cap 64/SM", time_it([&] { scalar_stride<T><<<(unsigned)std::min<long long>((n + 511) / 512, 64ll * sms), 256>>>(T(2), x, T(3), y, z, n); }));
        report("scalar one/thread, 128", time_it([&] { scalar_one<T><<<(unsigned)((n + 127) / 128), 128>>>(T(2), x, T(3), y, z, n); }));
        report("scalar one/thread, 256", time_it([&] { scalar_one<T><<<(unsigned)((n + 255) / 256), 256>>>(T(2), x, T(3), y, z, n); }));
        CK(cudaGetLastError()); cudaFree(x); cudaFree(y); cudaFree(z);
    }
    return 0;
}
int main() {
    int sms; cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, 0);
    run<double, double2>("f64", sms);
    run<float, float2>("f32", sms);
}
