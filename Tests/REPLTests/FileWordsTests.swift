import Testing

@testable import REPL

/// File words as a shell user means them.
struct FileWordsTests {
  @Test func theDocumentedExample() {
    let path = FileWords(workingDirectory: "/work", home: "/home/ada", inputHoldsCommands: false)
      .path("~/backup.json")
    #expect(path == "/home/ada/backup.json")
  }

  @Test(
    arguments: [
      ("a b.json", "/work/a b.json"), ("./x.json", "/work/./x.json"),
      ("../x.json", "/work/../x.json"), ("/tmp/x.json", "/tmp/x.json"), ("-", "-"),
      ("~", "/home/ada"), ("~/", "/home/ada/"), ("~root/x.json", "/root/x.json"),
      ("~no-such-user-here/x.json", "/work/~no-such-user-here/x.json"),
      ("x~/y", "/work/x~/y"), ("--", "/work/--"),
    ])
  func aWord_namesWhatAShellWould(word: String, path: String) {
    let words = FileWords(workingDirectory: "/work", home: "/home/ada", inputHoldsCommands: false)
    #expect(words.path(word) == path)
  }

  @Test func withoutACurrentDirectory_aRelativePathNamesNothing_andTheRestStill() {
    let words = FileWords(workingDirectory: nil, home: "/home/ada", inputHoldsCommands: false)
    #expect(words.path("x.json") == nil)
    #expect(words.path("/tmp/x.json") == "/tmp/x.json")
    #expect(words.path("~/x.json") == "/home/ada/x.json")
    #expect(words.path("-") == "-")
  }

  @Test func withoutAHome_tildeIsItself() {
    let words = FileWords(workingDirectory: "/", home: nil, inputHoldsCommands: false)
    #expect(words.path("~/x.json") == "/~/x.json")
  }

  @Test func tilde_isExpandedByOneRule_outsideTheREPLToo() {
    #expect(FileWords.expandingTilde("~/pt", home: "/home/ada") == "/home/ada/pt")
    #expect(FileWords.expandingTilde("~", home: "/home/ada") == "/home/ada")
    #expect(FileWords.expandingTilde("~root/x", home: "/home/ada") == "/root/x")
    #expect(FileWords.expandingTilde("~no-such-user-x/y", home: "/home/ada") == "~no-such-user-x/y")
    #expect(FileWords.expandingTilde("a/~/b", home: "/home/ada") == "a/~/b")
    #expect(FileWords.expandingTilde("~/pt", home: nil) == "~/pt")
  }
}
