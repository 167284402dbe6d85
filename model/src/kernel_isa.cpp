#include "maniplab/model/kernel_isa.hpp"

#include <cstdlib>
#include <cstring>

#include "kernel_clone.hpp"

namespace maniplab {

namespace {
bool environmentWantsBaseline() noexcept {
  const char* v = std::getenv("MANIPLAB_KERNELS");
  return v != nullptr && std::strcmp(v, "baseline") == 0;
}
}  // namespace

bool kernelCloneBuilt() noexcept {
#if MANIPLAB_KERNEL_CLONE
  return true;
#else
  return false;
#endif
}

KernelIsa cpuKernelIsa() noexcept {
#if MANIPLAB_KERNEL_CLONE
  __builtin_cpu_init();
  if (__builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma")) return KernelIsa::Avx2Fma;
#endif
  return KernelIsa::Baseline;
}

namespace detail {
std::atomic<bool> useAvx2FmaKernels{cpuKernelIsa() == KernelIsa::Avx2Fma && !environmentWantsBaseline()};
}  // namespace detail

KernelIsa kernelIsa() noexcept { return detail::kernelsUseAvx2Fma() ? KernelIsa::Avx2Fma : KernelIsa::Baseline; }

bool setKernelIsa(KernelIsa isa) noexcept {
  if (isa == KernelIsa::Avx2Fma && cpuKernelIsa() != KernelIsa::Avx2Fma) return false;
  detail::useAvx2FmaKernels.store(isa == KernelIsa::Avx2Fma, std::memory_order_relaxed);
  return true;
}

const char* kernelIsaName(KernelIsa isa) noexcept {
  return isa == KernelIsa::Avx2Fma ? "AVX2 + FMA" : "baseline x86-64";
}

}  // namespace maniplab
