"""Sheet editing endpoints (field autosave, list rows), mounted at characters/<pk>/."""

urlpatterns = []
