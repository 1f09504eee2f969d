@testable import SDLHost
import XCTest

/// Unpacking XI2's packed valuators without X.
final class ValuatorStateTests: XCTestCase {
    func testASparseMaskTakesTheValuesInBitOrder() {
        var state = ValuatorState()
        // Bits {0, 2, 5}: 0b0010_0101.
        state.update(mask: [0b0010_0101], values: [10, 20, 30])
        XCTAssertEqual(state[0], 10)
        XCTAssertEqual(state[2], 20)
        XCTAssertEqual(state[5], 30)
        XCTAssertNil(state[1])
        XCTAssertNil(state[3])
    }

    func testMaskBitsInLaterBytesCountTheBitsBelowThem() {
        var state = ValuatorState()
        // Bits {1, 8, 17}: three bytes.
        state.update(mask: [0b0000_0010, 0b0000_0001, 0b0000_0010], values: [1, 8, 17])
        XCTAssertEqual([state[1], state[8], state[17]], [1, 8, 17])
    }

    func testAxesAnEventOmitsKeepTheirLastValue() {
        var state = ValuatorState(axes: [ValuatorAxis(number: 2, label: "Abs Pressure", min: 0, max: 2047, value: 512)])
        XCTAssertEqual(state[2], 512, "the value at query time")
        state.update(mask: [0b0000_0111], values: [100, 200, 300])
        state.update(mask: [0b0000_0011], values: [101, 201])
        XCTAssertEqual([state[0], state[1], state[2]], [101, 201, 300])
        state.update(mask: [], values: [])
        XCTAssertEqual(state[2], 300)
    }

    func testAMaskClaimingMoreValuesThanSentStopsAtTheEnd() {
        var state = ValuatorState()
        state.update(mask: [0b0000_1111], values: [1, 2])
        XCTAssertEqual([state[0], state[1]], [1, 2])
        XCTAssertNil(state[2])
        XCTAssertNil(state[-1])
    }
}
