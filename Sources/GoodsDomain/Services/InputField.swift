/// A field the user fills in, named by a `ServiceError.Kind.invalidInput` so the screen can put
/// the keyboard focus back in the field to fix.
public enum InputField: Sendable, Hashable, CaseIterable {
    /// The login's phone number.
    case phone
    /// The login's verify code.
    case code
    /// A comment being written.
    case comment
}

/// What is wrong with a field's text.
public enum InputProblem: Sendable, Hashable {
    /// Not what the field takes (a phone number that is not a mobile number, a malformed code).
    case malformed
    /// Nothing but spaces.
    case empty
    /// Longer than the field allows.
    case tooLong
}
