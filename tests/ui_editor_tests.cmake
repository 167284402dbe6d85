# Chain editor (ui/src/chain_editor*.cpp): edits, validation, undo/redo, conventions.
maniplab_add_test(test_chain_editor test_chain_editor.cpp LIBS maniplab::ui)
