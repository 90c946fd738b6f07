import NumberSyntax
import Testing

struct WholeNumberTests {
  @Test(
    arguments: [
      ("0", 0), ("7", 7), ("+7", 7), ("-12", -12), ("1_000_000", 1_000_000),
      ("-1_000", -1000), ("1e9", 1_000_000_000), ("1E9", 1_000_000_000),
      ("1e+9", 1_000_000_000), ("25e2", 2500), ("10^12", 1_000_000_000_000),
      ("2^32", 4_294_967_296), ("2^31-1", 2_147_483_647), ("10^15+37", 1_000_000_000_000_037),
      ("3*10^9", 3_000_000_000), ("2^3^2", 512), ("(2^3)^2", 64), ("-2^2", -4),
      ("(-2)^3", -8), ("-(2^10)", -1024), ("2 ^ 10 - 24", 1000), ("10^1_2", 1_000_000_000_000),
      ("0^0", 1), ("0e99", 0), ("-0e99", 0), ("1^1000000000000", 1), ("(-1)^99999", -1),
      ("7-3-2", 2), ("2*3+4*5", 26), ("1__000", 1000), ("-2_5^1_0", -95_367_431_640_625),
      ("9223372036854775807", Int.max), ("2^63-1", Int.max), ("-2^63", Int.min),
      ("-9223372036854775808", Int.min), ("2^64-2^63-1", Int.max),
      ("1e19-9223372036854775809", 776_627_963_145_224_191),
    ])
  func parse_readsNumbersAsPrimecountDoes(text: String, value: Int) throws {
    #expect(try WholeNumber.parse(text, name: "n") == value)
  }

  @Test(
    arguments: [
      ("x", "n must be a whole number, not 'x'"),
      // A `_` separates digits, and goes nowhere else.
      ("_1", "n must be a whole number, not '_1'; a '_' goes only between two digits"),
      ("1e9_", "n must be a whole number, not '1e9_'; a '_' goes only between two digits"),
      ("1_e9", "n must be a whole number, not '1_e9'; a '_' goes only between two digits"),
      (
        "1e_9",
        "n must be a whole number, not '1e_9'; 'e' must be followed by the exponent's digits"
      ),
      ("2^_3", "n must be a whole number, not '2^_3'; a '_' goes only between two digits"),
      ("(1)_", "n must be a whole number, not '(1)_'; a '_' goes only between two digits"),
      ("_", "n must be a whole number, not '_'; a '_' goes only between two digits"),
      ("", "n must be a whole number, not ''"),
      ("1.5", "n must be a whole number, not '1.5'"),
      ("1e-3", "n must be a whole number, not '1e-3'"),
      ("2^-1", "n must be a whole number, not '2^-1'"),
      ("2^", "n must be a whole number, not '2^'; it ends too soon"),
      ("1e", "n must be a whole number, not '1e'; 'e' must be followed by the exponent's digits"),
      ("(2+3", "n must be a whole number, not '(2+3'; a ')' is missing"),
      ("2+3)", "n must be a whole number, not '2+3)'; a ')' has no '('"),
      ("()", "n must be a whole number, not '()'; the parentheses are empty"),
      ("2*( )", "n must be a whole number, not '2*( )'; the parentheses are empty"),
      ("(2+)", "n must be a whole number, not '(2+)'; a number is missing before ')'"),
      ("^", "n must be a whole number, not '^'; a number must come before '^'"),
      ("^2", "n must be a whole number, not '^2'; a number must come before '^'"),
      ("*3", "n must be a whole number, not '*3'; a number must come before '*'"),
      (")", "n must be a whole number, not ')'; a ')' has no '('"),
      ("10/2", "n must be a whole number, not '10/2'; there is no division; write the quotient"),
      ("12abc", "n must be a whole number, not '12abc'; 'a' is not expected there"),
      ("2^64", "n is too large: 2^64 is more than 9223372036854775807"),
      ("1e99", "n is too large: 1e99 is more than 9223372036854775807"),
      ("2^63", "n is too large: 2^63 is more than 9223372036854775807"),
      ("10^38+10^38", "n is too large: 10^38+10^38 is more than 9223372036854775807"),
      ("10^1000000", "n is too large: 10^1000000 is more than 9223372036854775807"),
      (
        "99999999999999999999999999999999999999999",
        "n is too large: 9999999999999999999999999999999999999999… is more than 9223372036854775807"
      ),
      ("-2^63-1", "n is too small: -2^63-1 is less than -9223372036854775808"),
      ("(-2)^1001", "n is too small: (-2)^1001 is less than -9223372036854775808"),
      ("1\u{7}", "n must be a whole number, not '1\\u{07}'"),
      (
        "-99999999999999999999999999999999999999999",
        "n is too small: -" + String(repeating: "9", count: 39)
          + "… is less than -9223372036854775808"
      ),
      ("-(10^40)", "n is too small: -(10^40) is less than -9223372036854775808"),
      ("-1e50", "n is too small: -1e50 is less than -9223372036854775808"),
      ("-2^200", "n is too small: -2^200 is less than -9223372036854775808"),
      ("(-10)^65", "n is too small: (-10)^65 is less than -9223372036854775808"),
      ("(-10^40)", "n is too small: (-10^40) is less than -9223372036854775808"),
      ("--(10^40)", "n is too large: --(10^40) is more than 9223372036854775807"),
      (
        String(repeating: "(", count: 100_000) + "1" + String(repeating: ")", count: 100_000),
        "n must be a whole number, not '" + String(repeating: "(", count: 40)
          + "…'; it is nested more than 200 deep"
      ),
      (
        String(repeating: "-", count: 100_000) + "1",
        "n must be a whole number, not '" + String(repeating: "-", count: 40)
          + "…'; it is nested more than 200 deep"
      ),
    ])
  func parse_refusesWithOneLine(text: String, message: String) {
    #expect(throws: WholeNumberError(message)) { try WholeNumber.parse(text, name: "n") }
  }

  /// 200 levels of nesting are read, as the README says, and one more is refused: of
  /// parentheses, of signs and of exponents alike.
  @Test func parse_nestedTwoHundredDeep_isRead_andOneMoreIsRefused() throws {
    func parentheses(_ depth: Int) -> String {
      String(repeating: "(", count: depth) + "1" + String(repeating: ")", count: depth)
    }
    func signs(_ depth: Int) -> String { String(repeating: "-", count: depth) + "1" }
    func exponents(_ depth: Int) -> String {
      Array(repeating: "1", count: depth + 1).joined(separator: "^")
    }
    for nested in [parentheses, signs, exponents] {
      #expect(try WholeNumber.parse(nested(200), name: "n") == 1)
      #expect(throws: WholeNumberError.self) { try WholeNumber.parse(nested(201), name: "n") }
    }
    #expect(
      throws: WholeNumberError(
        "n must be a whole number, not '" + String(repeating: "(", count: 40)
          + "…'; it is nested more than 200 deep")
    ) { try WholeNumber.parse(parentheses(201), name: "n") }
  }

  /// A value beyond 128 bits on the way, in a text whose value may well be small, is named as
  /// the step it is: the text's value is never known, so it is not called too large.
  @Test(
    arguments: [
      ("10^40-10^40", "n cannot be worked out: 10^40, in 10^40-10^40, is beyond 128 bits"),
      ("0-10^40", "n cannot be worked out: 10^40, in 0-10^40, is beyond 128 bits"),
      ("10^40*0", "n cannot be worked out: 10^40, in 10^40*0, is beyond 128 bits"),
      ("1 + (2*10^38)", "n cannot be worked out: 2*10^38, in 1 + (2*10^38), is beyond 128 bits"),
      ("(1e39)^0", "n cannot be worked out: 1e39, in (1e39)^0, is beyond 128 bits"),
      ("1_0^4_0 - 1", "n cannot be worked out: 1_0^4_0, in 1_0^4_0 - 1, is beyond 128 bits"),
      (
        "7*" + String(repeating: "9", count: 50),
        "n cannot be worked out: " + String(repeating: "9", count: 40) + "…, in 7*"
          + String(repeating: "9", count: 38) + "…, is beyond 128 bits"
      ),
    ])
  func parse_aStepBeyond128Bits_namesTheStep(text: String, message: String) {
    #expect(throws: WholeNumberError(message)) { try WholeNumber.parse(text, name: "n") }
    #expect(throws: WholeNumberError(message)) {
      try WholeNumber.parse(text, name: "n", atLeast: 1)
    }
    #expect(throws: WholeNumberError(message)) {
      try WholeNumber.parse(text, name: "n", in: 0...1000)
    }
  }

  @Test func parse_theDocumentedExample() throws {
    let limit = try WholeNumber.parse("2^31-1", name: "n")
    #expect(limit == Int(Int32.max))
  }

  @Test(
    arguments: [
      ("2^10", "n must be between 1 and 1000, not 2^10"),
      ("0", "n must be between 1 and 1000, not 0"),
      ("2^64", "n must be between 1 and 1000, not 2^64"),
      ("-10^40", "n must be between 1 and 1000, not -10^40"),
      ("1.5", "n must be a whole number, not '1.5'"),
    ])
  func parse_inARange_namesTheRange_forAnyValueOutsideIt(text: String, message: String) {
    #expect(throws: WholeNumberError(message)) {
      let n = try WholeNumber.parse(text, name: "n", in: 1...1000)
      Issue.record("read \(n)")
    }
  }

  @Test func parse_inARange_readsTheValuesInside() throws {
    let n = try WholeNumber.parse("10^3", name: "n", in: 1...1000)
    #expect(n == 1000)
    #expect(try WholeNumber.parse("1e0", name: "n", in: 1...1000) == 1)
  }

  @Test func parse_belowTheMinimum_namesIt() throws {
    #expect(throws: WholeNumberError("row must be at least 1")) {
      try WholeNumber.parse("1-1", name: "row", atLeast: 1)
    }
    #expect(try WholeNumber.parse("2^0", name: "row", atLeast: 1) == 1)
  }

  @Test func parse_everyPowerOfTwoAndTen_matchesItsValue() throws {
    for exponent in 0...62 {
      #expect(try WholeNumber.parse("2^\(exponent)", name: "n") == 1 << exponent)
    }
    var power = 1
    for exponent in 0...18 {
      #expect(try WholeNumber.parse("10^\(exponent)", name: "n") == power)
      #expect(try WholeNumber.parse("1e\(exponent)", name: "n") == power)
      if exponent < 18 { power *= 10 }
    }
  }

  @Test func printable_escapesControlCharacters_andCutsLongText() {
    #expect(printable("a\u{07}b") == "a\\u{07}b")
    #expect(
      printable(String(repeating: "x", count: 100)) == String(repeating: "x", count: 40) + "…")
  }
}
