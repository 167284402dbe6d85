#pragma once
// Run-time choice of the instruction set of the double-precision dynamics kernels (RNEA, CRBA, ABA, and the
// forward kinematics and energies the simulation engine computes every control period).
//
// The project builds for the compiler's default target (portable x86-64, no -march). On x86-64 with GCC
// or Clang, the double instantiations of rneaBody, crbaBody, abaBody, forwardKinematicsBody and
// energyMomentumBody are compiled a second time for
// AVX2 + FMA (function attribute target("avx2,fma"), everything they call inlined, floating-point
// contraction on), and the clone is chosen at start-up when the CPU has both extensions: about 20 % less
// time for ABA on the project's AMD EPYC VM, measured in maniplab-bench. Results differ from the baseline
// by rounding only (a fused multiply-add rounds once); the kernels are deterministic on one machine.
// MANIPLAB_KERNELS=baseline in the environment, or setKernelIsa(KernelIsa::Baseline), forces the
// baseline code (to compare, or to reproduce results bit for bit across machines).
#include <atomic>

namespace maniplab {

enum class KernelIsa { Baseline, Avx2Fma };

/// Whether this build carries the AVX2 + FMA clones (x86-64, GCC or Clang).
bool kernelCloneBuilt() noexcept;
/// Avx2Fma when the clones are built and the CPU has AVX2 and FMA, else Baseline (ignores the environment).
KernelIsa cpuKernelIsa() noexcept;
/// The instruction set the kernels use now: cpuKernelIsa(), unless MANIPLAB_KERNELS=baseline or
/// setKernelIsa() said otherwise.
KernelIsa kernelIsa() noexcept;
/// Selects the kernels' instruction set for the whole process; returns false (and changes nothing) when
/// `isa` is not available here. Not meant to be switched while another thread runs the dynamics.
bool setKernelIsa(KernelIsa isa) noexcept;
/// "baseline x86-64" / "AVX2 + FMA".
const char* kernelIsaName(KernelIsa isa) noexcept;

namespace detail {
/// true: run the AVX2 + FMA clones. Constant-initialised to false (baseline) before the dynamic
/// initialisation of kernel_isa.cpp has run.
extern std::atomic<bool> useAvx2FmaKernels;
inline bool kernelsUseAvx2Fma() noexcept { return useAvx2FmaKernels.load(std::memory_order_relaxed); }
}  // namespace detail

}  // namespace maniplab
