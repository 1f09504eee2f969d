/// An event in the Confirm scene: the "something visible" the DELETE EVENT bar really deletes.
public struct CalendarEvent: Equatable, Hashable, Sendable, Identifiable {
    public let id: Int
    public var title: String
    public var when: String
    public var place: String

    public init(id: Int, title: String, when: String, place: String) {
        self.id = id
        self.title = title
        self.when = when
        self.place = place
    }

    /// The events every Confirm scene starts with; the first is the one on screen.
    public static let samples: [CalendarEvent] = [
        CalendarEvent(id: 1, title: "Design review: force input", when: "Tomorrow · 10:00 – 11:00", place: "Room 3 · Infinite Loop"),
        CalendarEvent(id: 2, title: "Tablet demo rehearsal", when: "Thursday · 14:00 – 15:30", place: "Auditorium"),
        CalendarEvent(id: 3, title: "3D Touch workshop", when: "Friday · 09:30 – 12:00", place: "Lab 2"),
        CalendarEvent(id: 4, title: "Pressure curve tuning", when: "Monday · 16:00 – 16:30", place: "Online"),
    ]
}
