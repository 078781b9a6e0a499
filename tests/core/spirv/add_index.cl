// The kernel of add_index_spirv.hpp, which make_add_index.sh compiles to SPIR-V.
__kernel void add_index(__global int* data) {
    const int i = (int)get_global_id(0);
    data[i] += 3 * i;
}
