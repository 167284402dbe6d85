#pragma once
// Forward kinematics of every frame: ^0T_i = ^0T_{i-1} ^{i-1}T_i (Llibre, Mampey & Chrétien 1983 §I.1; Zanaboni 2009 eq 3.11/3.20);
// on a tree ^0T_i = ^0T_{lambda(i)} ^{lambda(i)}T_i (Featherstone, Rigid Body Dynamics Algorithms, 2008, §4.1).
#include "maniplab/model/argument_checks.hpp"
#include "maniplab/model/data.hpp"
#include "maniplab/model/joint_transform.hpp"
#include "maniplab/model/kernel_isa.hpp"

namespace maniplab {

namespace detail {
/// The algorithm, for any scalar; forwardKinematicsUnchecked() is what callers use (for double it picks the
/// instruction set at run time, kernel_isa.hpp).
template <typename S> void forwardKinematicsBody(const ModelTpl<S>& model, DataTpl<S>& data, const VectorXT<S>& q) {
  jointTransforms(model, q, data.liMi);
  for (int i = 0; i < model.nq; ++i) {
    const auto k = std::size_t(i);
    const int p = model.parent[k];  // i - 1 in a chain
    data.oMi[k] = p < 0 ? data.liMi[k] : data.oMi[std::size_t(p)] * data.liMi[k];
  }
  data.oMtool = model.nq > 0 ? data.oMi[std::size_t(model.nq - 1)] * model.tool : model.tool;
}

template <typename S> void forwardKinematicsUnchecked(const ModelTpl<S>& model, DataTpl<S>& data, const VectorXT<S>& q) {
  forwardKinematicsBody(model, data, q);
}
/// double: forwardKinematicsBody compiled for the baseline x86-64 and for AVX2 + FMA, chosen at run time
/// (forward_kinematics.cpp).
template <> void forwardKinematicsUnchecked<double>(const Model& model, Data& data, const VectorX& q);
}  // namespace detail

/// Fills data.liMi, data.oMi (world <- R_i) and data.oMtool. Throws std::invalid_argument on a q or a
/// workspace of the wrong size.
template <typename S> void forwardKinematics(const ModelTpl<S>& model, DataTpl<S>& data, const VectorXT<S>& q) {
  checkModelData("forwardKinematics", model, data);
  checkSize("forwardKinematics", "q", q, model.nq);
  detail::forwardKinematicsUnchecked(model, data, q);
}

extern template void forwardKinematics<double>(const Model&, Data&, const VectorX&);

}  // namespace maniplab
