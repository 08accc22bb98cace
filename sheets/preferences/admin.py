from django.contrib import admin

from sheets.preferences.models import Preferences


@admin.register(Preferences)
class PreferencesAdmin(admin.ModelAdmin):
    list_display = ["user", "theme"]
    list_filter = ["theme"]
    search_fields = ["user__username"]
