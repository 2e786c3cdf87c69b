"""Normalised roles: map an Android class (and its state flags) to a short role word.

The role is what a person or an agent reads in a delta line (``button "OK"``), so
it must not depend on vendor class names. Order of the rules matters: a
``CheckedTextView`` is a checkbox before it is text, and anything clickable that
is not more specific reads as a button.

    >>> role_for_class("android.widget.EditText", clickable=True, checkable=False)
    'textbox'
    >>> role_for_class("com.google.android.material.switchmaterial.SwitchMaterial",
    ...                clickable=True, checkable=True)
    'switch'
    >>> role_for_class("android.widget.LinearLayout", clickable=True, checkable=False)
    'button'
"""

from __future__ import annotations

from functools import lru_cache

# (suffix of the simple class name, role); first match wins.
_CLASS_RULES: tuple[tuple[str, str], ...] = (
    ("EditText", "textbox"),
    ("AutoCompleteTextView", "textbox"),
    ("SearchAutoComplete", "textbox"),
    ("Switch", "switch"),
    ("SwitchCompat", "switch"),
    ("SwitchMaterial", "switch"),
    ("ToggleButton", "switch"),
    ("CheckBox", "checkbox"),
    ("CheckedTextView", "checkbox"),
    ("RadioButton", "radio"),
    ("SeekBar", "slider"),
    ("RatingBar", "slider"),
    ("ProgressBar", "progress"),
    ("Spinner", "dropdown"),
    ("WebView", "web"),
    ("TabWidget", "tabs"),
    ("TabLayout", "tabs"),
    ("RecyclerView", "list"),
    ("ListView", "list"),
    ("GridView", "list"),
    ("ScrollView", "list"),
    ("ViewPager", "list"),
    ("Button", "button"),
    ("ImageButton", "button"),
    ("FloatingActionButton", "button"),
    ("ImageView", "image"),
    ("TextView", "text"),
)


@lru_cache(maxsize=4096)
def role_for_class(class_name: str, *, clickable: bool, checkable: bool) -> str:
    """The normalised role of an element of ``class_name`` with the given flags (cached)."""
    simple = class_name.rsplit(".", 1)[-1].rsplit("$", 1)[-1]
    for suffix, role in _CLASS_RULES:
        if simple.endswith(suffix):
            if role in ("text", "image") and clickable:
                return "button"
            return role
    if checkable:
        return "checkbox"
    if clickable:
        return "button"
    return "container"


DIALOG_CUES = frozenset(
    {
        "android:id/parentPanel",
        "android:id/alertTitle",
        "android:id/buttonPanel",
        "android:id/button1",
    }
)
"""Resource ids that only AlertDialog-style windows carry."""


SYSTEM_UI = "com.android.systemui"
"""The package of the status bar, the navigation bar and the notification shade."""
