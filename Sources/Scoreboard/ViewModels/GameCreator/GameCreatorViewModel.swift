import Binding

/// Creates a game from team and player names (the article's suggested "game creator" screen).
@MainActor
public final class GameCreatorViewModel {
    /// Problems with the names the user has typed into; untouched fields show none yet.
    public let fieldErrors = Bindable<[GameCreatorField: String]>([:], skipsEqualValues: true)
    public let createButtonIsEnabled = Bindable(false, skipsEqualValues: true)
    /// Set when the new game could not be saved.
    public let errorMessage = Bindable<String?>(nil, skipsEqualValues: true)

    /// The game was created and saved: show its scoreboard.
    public var onGameCreated: ((GameScoreboardViewModel) -> Void)?
    public var onCancelled: (() -> Void)?

    private let library: any GameLibrary
    private let clock: any Clock<Duration>
    private var texts: [GameCreatorField: String] = [:]
    private var touchedFields: Set<GameCreatorField> = []

    public init(library: any GameLibrary, clock: any Clock<Duration>) {
        self.library = library
        self.clock = clock
    }

    public func textChanged(_ text: String, in field: GameCreatorField) {
        texts[field] = text
        touchedFields.insert(field)
        validate()
    }

    public func createButtonTapped() {
        guard let game = makeGame() else {
            touchedFields = Set(GameCreatorField.allFields)
            validate()
            return
        }
        do {
            try library.add(game)
        } catch {
            errorMessage.value = error.localizedDescription
            return
        }
        errorMessage.value = nil
        onGameCreated?(GameScoreboardViewModel(game: game, library: library, clock: clock))
    }

    public func cancelButtonTapped() {
        onCancelled?()
    }

    private func validate() {
        let problems = Self.problems(in: texts)
        fieldErrors.value = problems.filter { touchedFields.contains($0.key) }
        createButtonIsEnabled.value = problems.isEmpty
    }

    private func makeGame() -> Game? {
        guard Self.problems(in: texts).isEmpty else { return nil }
        func name(_ field: GameCreatorField) -> String { NameRules.normalized(texts[field] ?? "") }
        func players(_ field: (Int) -> GameCreatorField) -> [Player] {
            (0..<Team.playerCount).map { Player(name: name(field($0))) }
        }
        return try? Game(
            homeTeam: Team(name: name(.homeTeamName), players: players(GameCreatorField.homePlayerName)),
            awayTeam: Team(name: name(.awayTeamName), players: players(GameCreatorField.awayPlayerName)))
    }

    private static func problems(in texts: [GameCreatorField: String]) -> [GameCreatorField: String] {
        var problems: [GameCreatorField: String] = [:]
        for field in GameCreatorField.allFields {
            if let problem = NameRules.problem(with: texts[field] ?? "") {
                problems[field] = message(for: problem)
            }
        }
        func key(_ field: GameCreatorField) -> String {
            NameRules.normalized(texts[field] ?? "").lowercased()
        }
        if problems[.awayTeamName] == nil, key(.awayTeamName) == key(.homeTeamName) {
            problems[.awayTeamName] = "The teams need different names."
        }
        for team in [GameCreatorField.homePlayerName, GameCreatorField.awayPlayerName] {
            var seen: Set<String> = []
            for index in 0..<Team.playerCount where problems[team(index)] == nil {
                if !seen.insert(key(team(index))).inserted {
                    problems[team(index)] = "Players of a team need different names."
                }
            }
        }
        return problems
    }

    private static func message(for problem: NameRules.Problem) -> String {
        switch problem {
        case .empty: "Enter a name."
        case .tooLong: "Use at most \(NameRules.maximumLength) characters."
        case .controlCharacters: "Use printable characters only."
        }
    }
}
