import Observation

/// A view model seen through Observation, the way SwiftUI watches an `@Observable` object.
///
/// Every output of a view model is a `Bindable`; through this adapter each one reads as a plain
/// property (`list.title` is `viewModel.title.value`), and SwiftUI — or anything that calls
/// `withObservationTracking` — is told when exactly the outputs it read change:
///
///     @State private var list = ObservedViewModel(FriendsListViewModel(client: client))
///     …
///     Text(list.title)                                    // redrawn when `title` changes
///     Button("Refresh") { list.viewModel.refreshRequested() }  // inputs go to the view model
///
/// One generic adapter serves every view model, because the `Bindable`s already say what the
/// outputs are: no wrapper per screen to write or keep in step. Inputs and events (`onShowAlert`)
/// stay on the view model, unchanged.
///
/// An output is watched from the first time it is read. The adapter holds the view model and
/// the view model knows nothing of the adapter, so releasing the adapter releases both; its
/// bindings end with it, so nothing is told after that.
@MainActor
@dynamicMemberLookup
public final class ObservedViewModel<ViewModel: AnyObject>: Observable {
    public let viewModel: ViewModel
    private let registrar = ObservationRegistrar()
    /// The outputs already bound, so each is bound once however often it is read.
    private var watched: Set<AnyKeyPath> = []

    public init(_ viewModel: ViewModel) {
        self.viewModel = viewModel
    }

    /// The current value of the output at `output`, registered as read.
    public subscript<Value>(dynamicMember output: KeyPath<ViewModel, Bindable<Value>>) -> Value {
        let property = \ObservedViewModel<ViewModel>.[dynamicMember: output]
        registrar.access(self, keyPath: property)
        let bindable = viewModel[keyPath: output]
        if watched.insert(output).inserted {
            bindable.bind(self) { adapter, _ in
                adapter.registrar.withMutation(of: adapter, keyPath: property) {}
            }
        }
        return bindable.value
    }
}
