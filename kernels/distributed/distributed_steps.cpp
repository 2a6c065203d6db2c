#include "distributed_steps.h"

#include <algorithm>

#include <fmt/format.h>

#include "common/aux_data.h"
#include "distributed_aux.h"

namespace sortscope {

namespace {


std::vector<StepKind> kinds_for(DistributedSort sort) {
  const bool merge = sort == DistributedSort::Merge, radix = sort == DistributedSort::RadixOnesweep;
  // Pseudo-code lines (distributed_pseudo_code): 0 shares, 1 first step, 2 cut, 3 count, 4 exchange, 5 finish.
  return {
      {"input", "Each rank holds its share of the input", 0},
      {"presort", "Each rank sorts its share", 1},
      {"sample", "Ranks draw samples and gather them all", 1},
      {"splitters", merge ? "Exact cuts by multi-sequence selection" : radix ? "Digit ranges from the global histogram"
                                                                               : "P - 1 splitters from the sample",
       2},
      {"count", radix ? "Global histogram and each key's destination" : "Each key's destination, counts gathered", 3},
      {"exchange", "Keys move to their ranks (all-to-all)", 4},
      {"finish", merge ? "Each rank merges the runs it received" : "Each rank sorts what it received", 5},
  };
}

}  // namespace

DistributedPhase phase_of(DistributedStep step) {
  switch (step) {
    case DistributedStep::Input: return DistributedPhase::Count_;
    case DistributedStep::Presort: return DistributedPhase::Presort;
    case DistributedStep::Sample: return DistributedPhase::Sample;
    case DistributedStep::Splitters: return DistributedPhase::Splitters;
    case DistributedStep::Count: return DistributedPhase::Count;
    case DistributedStep::Exchange: return DistributedPhase::Exchange;
    case DistributedStep::Finish: return DistributedPhase::Finish;
  }
  return DistributedPhase::Count_;
}

const std::vector<StepKind>& distributed_step_kinds(DistributedSort sort) {
  static const std::vector<StepKind> kinds[3] = {kinds_for(DistributedSort(0)), kinds_for(DistributedSort(1)),
                                                 kinds_for(DistributedSort(2))};
  return kinds[int(sort)];
}

const std::vector<std::string>& distributed_pseudo_code(DistributedSort sort) {
  static const std::vector<std::string> code[3] = {
      {"rank i holds keys [i n/P, (i+1) n/P)",
       "sample a keys per splitter, tagged (key, global position); all-gather",
       "sort the sample; splitters s_j = S[j |S|/P] as the search tree",
       "dest(e) = tree descent of (e, position); all-gather the counts",
       "grouped ncclSend/ncclRecv: keys to dest",
       "local sample sort of the keys received"},
      {"rank i holds keys [i n/P, (i+1) n/P)",
       "local sort (one-GPU merge sort)",
       "for j in 1..P-1: multi-sequence select rank j n/P (probes: broadcast + all-gather)",
       "cut every run at the selected splits",
       "grouped ncclSend/ncclRecv: run pieces to their ranks",
       "stable P-way merge of the received runs"},
      {"rank i holds keys [i n/P, (i+1) n/P)",
       "histogram of the top bits; all-reduce",
       "cut the digits into P contiguous ranges near multiples of n/P",
       "dest(e) = owner of e's top digit; all-gather the counts",
       "grouped ncclSend/ncclRecv: keys to dest",
       "local LSD radix sort (onesweep) of the keys received"},
  };
  return code[int(sort)];
}

std::string distributed_caption(DistributedSort sort, DistributedStep step, const DistributedRunInfo& info) {
  const uint32_t p = info.ranks;
  const std::string label = info.simulated ? " (simulated ranks)" : "";
  switch (step) {
    case DistributedStep::Input:
      return fmt::format("Each of the {} ranks holds its share of the {} keys, unsorted{}. Rank i holds keys "
                         "[i n/P, (i+1) n/P) of the input, in its own GPU's memory",
                         p, info.n, label);
    case DistributedStep::Presort:
      return "Each rank sorts its own share, all at once. The one-GPU merge sort runs on every GPU";
    case DistributedStep::Sample:
      return "Each rank draws a sample of its keys and every rank gathers all samples. Keys are tagged with "
             "their global position, so equal keys can go to different ranks (all-gather)";
    case DistributedStep::Splitters:
      if (sort == DistributedSort::Merge)
        return fmt::format("Exact cuts: the keys before each cut are exactly j n/P of the input. Multi-sequence "
                           "selection across the ranks took {} rounds, each a pivot broadcast and two binary "
                           "searches per rank (Leischner 2010 §5.2)",
                           info.selection_iterations);
      if (sort == DistributedSort::RadixOnesweep)
        return "Each rank gets a contiguous range of top digits holding about n/P keys. The ranks' histograms "
               "are summed (all-reduce) and cut near every multiple of n/P";
      return "The sorted sample gives P - 1 splitters, the same on every rank. They form the one-GPU sort's "
             "search tree (Leischner 2010 §6.2, Alg. 6)";
    case DistributedStep::Count:
      if (sort == DistributedSort::RadixOnesweep)
        return "Every rank counts its keys per top digit. A shared-memory histogram per block, summed on the GPU";
      return "Every key finds its destination rank down the search tree. Each rank counts what it sends to "
             "each rank; the counts go to every rank (all-gather)";
    case DistributedStep::Exchange:
      return fmt::format("Keys move to their destination ranks: {} cross between ranks. Grouped ncclSend/ncclRecv "
                         "between every pair (all-to-all); the diagonal stays put",
                         decimal_bytes(double(info.bytes_between_ranks())));
    case DistributedStep::Finish:
      if (sort == DistributedSort::Merge)
        return fmt::format("Each rank merges the {} sorted runs it received: every rank holds exactly n/P keys, in "
                           "order. A stable P-way merge (max/mean load {:.3f})",
                           p, info.imbalance());
      return fmt::format("Each rank sorts what arrived and together the ranks hold the sorted sequence. The "
                         "one-GPU sort runs on each GPU; max/mean load {:.3f}",
                         info.imbalance());
  }
  return {};
}

const std::vector<DistributedPhase>& distributed_phase_order(DistributedSort sort) {
  using P = DistributedPhase;
  // The copies of a --host-io run (0 otherwise) open and close every order: the first step shows
  // the copy in, the last the copy out.
  static const std::vector<P> order[3] = {
      {P::CopyIn, P::Sample, P::Splitters, P::Count, P::Exchange, P::Finish, P::CopyOut},
      {P::CopyIn, P::Presort, P::Splitters, P::Count, P::Exchange, P::Finish, P::CopyOut},
      {P::CopyIn, P::Count, P::Splitters, P::Exchange, P::Finish, P::CopyOut}};
  return order[int(sort)];
}

std::string adopt_measured_phases(std::vector<Step>& steps, const DistributedRunInfo& measured) {
  for (Step& step : steps)
    for (AuxData& aux : step.aux) {
      const DistributedSnapshot* s = aux.get<DistributedSnapshot>();
      if (!s) continue;
      DistributedSnapshot a = *s;
      const DistributedRunInfo& model = s->info;
      if (model.sort != measured.sort || model.ranks != measured.ranks || model.n != measured.n ||
          model.type != measured.type || model.with_values != measured.with_values)
        return fmt::format("the GPU run ({} on {} ranks, n = {}) is not the recorded one ({} on {} ranks, n = {})",
                           distributed_sort_id(measured.sort), measured.ranks, measured.n, distributed_sort_id(model.sort),
                           model.ranks, model.n);
      const bool exchanged = std::any_of(model.keys_after.begin(), model.keys_after.end(), [](uint64_t k) { return k > 0; });
      if (exchanged && model.keys_after != measured.keys_after)
        return "the GPU run split the keys otherwise than the simulated ranks (keys per rank differ)";
      const std::vector<DistributedPhase>& order = distributed_phase_order(model.sort);
      // The last step (finish) holds the copy out too: no step of its own follows it.
      const auto upto = s->phase == DistributedPhase::Finish ? order.end() - 1 : std::find(order.begin(), order.end(), s->phase);
      std::fill(a.info.phase_ms.begin(), a.info.phase_ms.end(), 0.0);
      std::fill(a.info.phase_bytes.begin(), a.info.phase_bytes.end(), 0.0);
      for (auto it = order.begin(); upto != order.end() && it <= upto; ++it)
        for (uint32_t r = 0; r < model.ranks; ++r) {
          a.info.ms(r, *it) = measured.ms(r, *it);
          a.info.bytes(r, *it) = measured.bytes(r, *it);
        }
      a.info.simulated = false;
      a.info.alltoall_busbw_gbs = measured.alltoall_busbw_gbs;
      if (step.kind >= 0 && step.kind <= int(DistributedStep::Finish))
        step.caption = distributed_caption(model.sort, DistributedStep(step.kind), a.info);
      aux = AuxData(std::move(a));
    }
  return {};
}

}  // namespace sortscope
