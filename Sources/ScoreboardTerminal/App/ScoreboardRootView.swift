import Scoreboard
import TerminalUI

/// The app's screens: the game list at the bottom, with a game's scoreboard or the game
/// creator shown over it. Keys go to the screen on top.
@MainActor
public final class ScoreboardRootView: TerminalView {
    private let list: GameListScreen
    private var shown: (any TerminalView)?
    private let redraw: @MainActor () -> Void

    public init(listViewModel: GameListViewModel, notice: AlertBox? = nil, redraw: @escaping @MainActor () -> Void) {
        self.redraw = redraw
        list = GameListScreen(viewModel: listViewModel, notice: notice, redraw: redraw)
        listViewModel.onGameOpened = { [weak self] scoreboard in self?.show(scoreboard) }
        listViewModel.onGameCreatorOpened = { [weak self] creator in self?.show(creator) }
    }

    /// The screen the user sees.
    public var topScreen: any TerminalView { shown ?? list }

    public func render(size: TerminalSize) -> Canvas {
        topScreen.render(size: size)
    }

    public func handle(_ key: Key) -> KeyResult {
        topScreen.handle(key)
    }

    public var keyMap: KeyMap? { topScreen.keyMap }

    public var minimumSize: TerminalSize { topScreen.minimumSize }

    /// The program is ending: a running game clock stops and its time is saved.
    public func close() {
        (shown as? GameScoreboardScreen)?.viewModel.screenClosed()
    }

    /// However the app ends (q, Ctrl-C, SIGTERM, SIGHUP), the clock's time is saved.
    public func appWillExit() {
        close()
    }

    private func show(_ scoreboard: GameScoreboardViewModel) {
        let screen = GameScoreboardScreen(viewModel: scoreboard, redraw: redraw)
        screen.onBack = { [weak self] in self?.backToList() }
        present(screen)
    }

    private func show(_ creator: GameCreatorViewModel) {
        creator.onGameCreated = { [weak self] scoreboard in self?.show(scoreboard) }
        creator.onCancelled = { [weak self] in self?.backToList() }
        present(GameCreatorScreen(viewModel: creator, redraw: redraw))
    }

    private func present(_ screen: any TerminalView) {
        shown = screen
        redraw()
    }

    private func backToList() {
        shown = nil
        list.screenAppeared()
        redraw()
    }
}
