extension Bindable {
    /// A value derived from this one, updated whenever this one changes.
    ///
    /// The derived value holds its source, and the source holds the derived one only weakly,
    /// so keeping the derived value is enough and releasing it ends the derivation.
    public func map<Derived>(_ transform: @escaping @MainActor (Value) -> Derived) -> Bindable<Derived> {
        let derived = Bindable<Derived>(transform(value))
        derived.retainSource(self)
        bind(derived) { derived, value in derived.value = transform(value) }
        return derived
    }
}
