//! What a file leaves out when it is saved: a field at its default is not written
//! (`#[serde(skip_serializing_if = "...")]`), so a file that uses no house rule reads as the
//! rulebook's, and saving an unchanged file gives back the same bytes.

/// Whether `value` is its type's default (a house rule left at the rulebook's reading).
pub(crate) fn is_default<T: Default + PartialEq>(value: &T) -> bool {
    *value == T::default()
}

/// Whether a flag is off.
// serde's `skip_serializing_if` hands over a reference.
#[allow(clippy::trivially_copy_pass_by_ref)]
pub(crate) fn is_false(value: &bool) -> bool {
    !*value
}
