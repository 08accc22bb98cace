# Before any app's models: Django's field and manager counters stop changing their
# classes, which would otherwise lose CPython's attribute cache (config/class_counters.py).
from config.class_counters import keep_off_classes

keep_off_classes()
