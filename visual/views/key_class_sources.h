#pragma once
// The key classes (views/key_coloring.h) of the snapshot types several families share: the
// comparator networks' stages and the merge sorts' runs (colour by run), and the primitives' digit
// histogram (colour by digit). A family's own types register theirs from its views folder.
namespace sortscope {

class ViewRegistry;
void register_shared_key_classes(ViewRegistry& registry);

}  // namespace sortscope
