#pragma once
// Private to model/src: the attribute that compiles a kernel entry point a second time for AVX2 + FMA
// (see kernel_isa.hpp). With GCC, `flatten` inlines everything the entry point calls, so the whole algorithm
// (Eigen included) is compiled for the wider target; a call left out of line goes to the baseline code, which
// is safe on every CPU. Clang before its 2026 change (Debian's clang 14, the sanitizer builds) inlines only
// the direct callees: there the clones are partial (the forward kinematics' joint transforms and transform
// products stay baseline code), correct but slower; the release build uses GCC. The translation units that use it are compiled with -ffp-contract=fast (CMakeLists).
#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
#define MANIPLAB_KERNEL_CLONE 1
#define MANIPLAB_AVX2_FMA_KERNEL __attribute__((target("avx2,fma"), flatten))
#else
#define MANIPLAB_KERNEL_CLONE 0
#endif
