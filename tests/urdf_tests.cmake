# URDF import/export (model/urdf): round trips, the hand-written test arm against an independent
# URDF-frame computation, shipped URDF robots, defect reports; and the CLI commands urdf-import/export.
maniplab_add_test(test_urdf test_urdf.cpp LIBS maniplab::urdf)
