import Foundation
import Testing

#if os(Linux) && arch(x86_64)
  /// The binary holds the prime engine twice: `Primes`, built for any x86-64 with SSE4.2 and
  /// `popcnt`, and `PrimesAVX512`, the same sources built for Ice Lake servers, which `Primes`
  /// calls only where the processor runs it. Both builds emit helpers whose names carry no module
  /// (outlined copies, specializations of the standard library's generics), and the linker keeps
  /// one copy of each name for the whole program: were it the AVX-512 build's, code for every
  /// processor would call AVX-512 instructions. These tests read the binary's symbols (`nm`) and
  /// its instructions (`objdump`, from binutils, which the Swift toolchain needs on Linux).
  struct EngineBuildBinaryTests {
    /// The instructions that the portable target (`-target-cpu nehalem`) has none of: those
    /// encoded with VEX or EVEX (AVX, AVX2, AVX-512, their `v` mnemonics), BMI1 and BMI2's,
    /// LZCNT, MOVBE and ADX. `tzcnt`, BMI1's, is left out: it is `rep bsf`, which processors
    /// without BMI1 run as `bsf`, and compilers emit it for them.
    static let beyondThePortableTarget =
      "(v[a-z0-9]+|andn|bextr|blsi|blsr|blsmsk|bzhi|mulx|pdep|pext|rorx|sarx|shlx|shrx|lzcnt"
      + "|movbe|adcx|adox)"

    /// The release binary holds the C library, which builds its string, memory and mathematical
    /// functions for several processors and picks one variant of each at start, by `cpuid`, as
    /// `Primes` picks its engine: `__memmove_avx512_unaligned_erms`, `__strlen_evex`,
    /// `__sin_fma`. Their names are C's, with the processor's features among their parts.
    static func isTheCLibrarysVariant(_ name: String) -> Bool {
      let features: Set<Substring> = [
        "avx", "avx2", "avx512", "evex", "evex512", "fma", "fma3", "fma4",
      ]
      return name.hasPrefix("_") && name.split(separator: "_").contains { features.contains($0) }
    }

    @Test func onlyTheAVX512Build_usesInstructionsBeyondThePortableTarget() throws {
      let binary = try Symbols(of: PrimeTime.binary)
      let lines = try shell(
        "objdump -d --no-show-raw-insn \"$0\" | grep -E '\t\(Self.beyondThePortableTarget) '",
        PrimeTime.binary.path)
      var outside: Set<String> = []
      var inside = 0
      for line in lines {
        let address = try #require(Symbols.address(atStartOf: line), "\(line)")
        let function = binary.function(at: address)
        if function.module == "PrimesAVX512" {
          inside += 1
        } else if !Self.isTheCLibrarysVariant(function.name) {
          outside.insert(function.name)
        }
      }
      #expect(outside.isEmpty, "functions beyond the portable target: \(outside.sorted())")
      // The second build is built for the newer processors. (What it uses depends on the
      // build: an optimized one counts bits with `vpopcntq`, one for ThreadSanitizer does not.)
      #expect(inside > 0)
    }

    @Test func codeOutsideTheAVX512Build_callsIntoItOnlyThroughItsOwnFunctions() throws {
      let binary = try Symbols(of: PrimeTime.binary)
      // The AVX-512 build's functions that carry no module in their names.
      let helpers = binary.functions.filter {
        $0.module == "PrimesAVX512" && Symbols.module(of: $0.name) == nil
      }
      #expect(!helpers.isEmpty)
      let list = FileManager.default.temporaryDirectory
        .appending(path: "primetime-avx512-helpers-\(getpid())")
      defer { try? FileManager.default.removeItem(at: list) }
      // As objdump writes a call's or a jump's target: its address, then its name.
      try helpers.map { "\(String($0.address, radix: 16)) <\($0.name)>\n" }.joined()
        .write(to: list, atomically: true, encoding: .utf8)
      let references = try shell(
        "objdump -d --no-show-raw-insn \"$0\" | grep -v '>:$' | grep -F -f \"$1\"",
        PrimeTime.binary.path, list.path)
      // The AVX-512 build calls them itself: the listing was read.
      #expect(!references.isEmpty)
      let callers = try references.compactMap { line in
        let address = try #require(Symbols.address(atStartOf: line), "\(line)")
        let caller = binary.function(at: address)
        return caller.module == "PrimesAVX512" ? nil : "\(caller.name): \(line)"
      }
      #expect(callers.isEmpty, "\(callers)")
    }
  }

  /// A binary's functions in the order of their addresses, each with the Swift module whose code
  /// it is: that of its name, for a name that carries one, else that of the function before it,
  /// since the linker lays out each object file's functions together. A global function whose
  /// name carries no module (C, the runtime) belongs to none.
  private struct Symbols {
    struct Function {
      let address: UInt64
      let name: String
      let module: String?
    }

    let functions: [Function]

    init(of binary: URL) throws {
      var functions: [Function] = []
      var module: String?
      for line in try shell("nm -n --defined-only \"$0\"", binary.path) {
        let fields = line.split(separator: " ", maxSplits: 2)
        guard fields.count == 3, "tTwW".contains(fields[1]),
          let address = UInt64(fields[0], radix: 16)
        else { continue }
        let name = String(fields[2])
        if let named = Self.module(of: name) {
          module = named
        } else if fields[1] == "T" {
          module = nil
        }
        functions.append(Function(address: address, name: name, module: module))
      }
      self.functions = functions
    }

    /// The function that holds `address`: the last that starts at or before it.
    func function(at address: UInt64) -> Function {
      var (low, high) = (0, functions.count)
      while high - low > 1 {
        let middle = (low + high) / 2
        if functions[middle].address <= address { low = middle } else { high = middle }
      }
      return functions[low]
    }

    /// The module of a Swift symbol, `$s` and the module's name after its length.
    static func module(of name: String) -> String? {
      guard name.hasPrefix("$s") else { return nil }
      let rest = name.dropFirst(2)
      let digits = rest.prefix { $0.isASCII && $0.isNumber }
      guard let length = Int(digits), length > 0 else { return nil }
      let module = rest.dropFirst(digits.count).prefix(length)
      return module.count == length ? String(module) : nil
    }

    /// The address at the start of one of objdump's instruction lines, "  8a7d80:\t…".
    static func address(atStartOf line: String) -> UInt64? {
      let field = line.drop { $0 == " " }.prefix { $0 != ":" }
      return UInt64(field, radix: 16)
    }
  }
#endif
