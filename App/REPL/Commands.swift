import AppCore
import FileClient
import Foundation
import NumberSyntax
import Runtime

extension Command {
  /// Every command, in the order `help` lists them. Each one maps its words to the app's
  /// actions and shows what the state then holds; the rules, and what they say, are the
  /// reducers'. Each example runs as it is, in a new session.
  static let all: [Command] = [
    Command(
      "incr", aliases: ["+"], .positive("k", default: 1), control: .counter(.incrTapped),
      summary: "count up by k (1)", example: "incr 5"
    ) { session, k in
      if await session.send(.counter(k == 1 ? .incrTapped : .countAdjusted(by: k))) {
        session.say(Rendering.count(session.state))
      }
    },
    Command(
      "decr", aliases: ["-"], .positive("k", default: 1), control: .counter(.decrTapped),
      summary: "count down by k (1)", example: "decr"
    ) { session, k in
      if await session.send(.counter(k == 1 ? .decrTapped : .countAdjusted(by: -k))) {
        session.say(Rendering.count(session.state))
      }
    },
    Command(
      "set", .number("n"), control: .counter(.countEntered(0)), summary: "set the count to n",
      example: "set 7"
    ) { session, n in
      if await session.send(.counter(.countEntered(n))) {
        session.say(Rendering.count(session.state))
      }
    },
    Command(
      "prime", aliases: ["isprime"], .none, control: .counter(.isPrimeTapped),
      summary: "is the count prime? then 'save' or 'remove' it", example: "prime"
    ) { session, _ in
      if await session.send(.counter(.isPrimeTapped)),
        case .primeModal(let modal) = session.state.counter.presented
      {
        session.say(Rendering.primeModal(modal))
      }
    },
    Command(
      "save", .none, control: .counter(.favoriteCommand(.saveFavoritePrimeTapped)),
      summary: "save the count as a favorite prime",
      example: "set 7; prime; save"
    ) { session, _ in
      await session.send(.counter(.favoriteCommand(.saveFavoritePrimeTapped)))
    },
    Command(
      "remove", .none, control: .counter(.favoriteCommand(.removeFavoritePrimeTapped)),
      summary: "remove the count from the favorite primes",
      example: "set 7; save; remove"
    ) { session, _ in
      await session.send(.counter(.favoriteCommand(.removeFavoritePrimeTapped)))
    },
    Command(
      "nth", .optionalPositive("row"),
      summary: "the count-th prime; on the favorites screen, the nth prime of row's prime",
      details: "on the counter, the count must be 1 or more: there is no 0th prime",
      example: "set 10; nth"
    ) { session, row in
      switch (session.screen, row) {
      case (.counter, nil):
        await session.send(.counter(.nthPrimeTapped))
      case (.counter, .some):
        session.fail(
          "on the counter, 'nth' takes no row: it asks for the count-th prime "
            + "(set the count with 'set <n>')")
      case (.favorites, nil):
        session.fail("on the favorites screen, 'nth' needs a row (usage: nth <row>)")
      case (.favorites, let row?):
        await session.send(.favoritePrimes(.primeTapped(at: row - 1)))
      }
    },
    Command(
      "favorites", aliases: ["fav"], .flag("--json"),
      summary: "go to the favorites screen and list them, or as JSON",
      example: "favorites"
    ) { session, json in
      await session.send(.screens(.pageOpened(.favorites)))
      let primes = session.state.favoritePrimes
      if json {
        session.say(StateJSON.favorites(primes))
      } else {
        session.page(Rendering.favorites(primes))
      }
    },
    Command(
      "delete", aliases: ["del"], .positives("row"),
      control: .favoritePrimes(.deleteFavoritePrimes([])),
      summary: "delete favorites by row number (favorites screen)",
      example: "set 7; save; favorites; delete 1"
    ) { session, rows in
      await session.send(.favoritePrimes(.deleteFavoritePrimes(IndexSet(rows.map { $0 - 1 }))))
    },
    Command(
      "counter", aliases: ["back"], .none, summary: "go back to the counter", example: "counter"
    ) { session, _ in
      await session.send(.screens(.pageOpened(.counter)))
      session.say(Rendering.count(session.state))
    },
    Command(
      "save-favorites", .optionalFile("file"),
      summary: "export the favorites to a JSON file (default: favorite-primes.json)",
      details: """
        a relative path starts from the current directory, and ~ is your home;
        with no file, favorite-primes.json in the data directory;
        - prints the file, and what was saved goes to standard error
        """,
      example: "save-favorites backup.json"
    ) { session, file in
      guard let path = session.filePath(file) else { return }
      await session.send(
        .favoritePrimes(.saveButtonTapped(file: path)),
        noticeOnStandardError: path == FileClient.standardStreams)
    },
    Command(
      "load-favorites", .optionalFile("file"),
      summary: "add the primes a JSON file lists (default: favorite-primes.json)",
      details: """
        a relative path starts from the current directory, and ~ is your home;
        with no file, favorite-primes.json in the data directory;
        - reads standard input, unless the commands come from it
        """,
      example: "save-favorites backup.json; load-favorites backup.json"
    ) { session, file in
      guard let path = session.filePath(file) else { return }
      if path == FileClient.standardStreams, session.files.inputHoldsCommands {
        session.fail(
          "'-' is standard input, which holds the commands here; give a file, or use -c")
        return
      }
      await session.send(.favoritePrimes(.loadButtonTapped(file: path)))
    },
    Command(
      "activity", .flag("--json"),
      summary: "favorites added and removed, newest first, or as JSON",
      example: "activity"
    ) { session, json in
      let feed = session.state.activityFeed
      if json {
        session.say(StateJSON.activity(feed))
      } else {
        session.page(Rendering.activity(feed, localTime: session.runtime.localTime))
      }
    },
    Command(
      "undo", .positive("n", default: 1), summary: "undo the last step, or the last n",
      example: "incr; incr; undo 2"
    ) { session, n in
      await session.undo(n)
    },
    Command(
      "redo", .positive("n", default: 1), summary: "redo the last undone step, or n of them",
      example: "incr; undo; redo"
    ) { session, n in
      await session.redo(n)
    },
    Command(
      "history", .none, summary: "the session's steps, numbered, with where you are marked",
      example: "history"
    ) { session, _ in
      session.say(Rendering.history(session.history))
    },
    Command(
      "state", .flag("--json"), summary: "the app state, readable or as one line of JSON",
      example: "state --json"
    ) { session, json in
      session.say(
        json
          ? StateJSON.line(session.state, screen: session.screen)
          : Rendering.dump(session.state, screen: session.screen))
    },
    Command(
      "trace", .either("on", or: "off"),
      summary: "print each action and the state diff it made", example: "trace on"
    ) { session, isOn in
      session.isTracing = isOn
      session.say("trace \(isOn ? "on" : "off")")
    },
    Command(
      "help", aliases: ["?"], .commandName, summary: "this list, or one command's usage",
      example: "help nth"
    ) { session, topic in
      session.say(Rendering.help(topic))
    },
    Command(
      "quit", aliases: ["exit"], .none, summary: "leave (or Ctrl-D)", example: "quit"
    ) { session, _ in
      await session.send(.screens(.quitTapped))
    },
  ]
}

extension Arguments where Value == Command? {
  /// An optional command name or alias, e.g. `[command]`.
  static var commandName: Self {
    Self(usage: "[command]", completions: { .words(Command.all.map(\.name)) }) {
      words throws(CommandError) in
      guard words.count <= 1 else { throw CommandError("too many arguments") }
      guard let word = words.first else { return nil }
      guard let command = Command.named(word) else {
        if CommandParser.commandOfTheShell(word) != nil {
          throw CommandError(CommandParser.unknownCommand(word))
        }
        let suggestion = CommandParser.nearestName(to: word).map { "; did you mean '\($0)'?" }
        throw CommandError("no command named '\(printable(word))'\(suggestion ?? "")")
      }
      return command
    }
  }
}
