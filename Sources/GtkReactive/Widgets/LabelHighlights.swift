import CGtk

extension Label {
    /// Highlights parts of the text (a search's matches): each range, in UTF-8 bytes of `text`
    /// (as `SearchHit.titleMatchByteRanges` gives them), is drawn bold on a tinted background.
    /// Ranges outside the text are clipped; an empty list takes every highlight off. The text and
    /// the accessible name stay as they are (Pango attributes, not markup); screen readers see
    /// the runs as the text's `weight` and `bg-color` attributes.
    public func setHighlights(_ ranges: [Range<Int>], background: (red: UInt16, green: UInt16, blue: UInt16) = Label.highlightBackground) {
        let length = text.utf8.count
        let clipped = ranges.compactMap { range -> Range<Int>? in
            let lower = max(0, min(range.lowerBound, length)), upper = max(0, min(range.upperBound, length))
            return lower < upper ? lower..<upper : nil
        }
        guard !clipped.isEmpty else {
            gtk_label_set_attributes(pointer.opaque, nil)
            return
        }
        guard let list = pango_attr_list_new() else { return }
        for range in clipped {
            let start = UInt32(clamping: range.lowerBound), end = UInt32(clamping: range.upperBound)
            for attribute in [pango_attr_weight_new(PANGO_WEIGHT_BOLD),
                              pango_attr_background_new(background.red, background.green, background.blue),
                              pango_attr_background_alpha_new(Label.highlightAlpha)] {
                guard let attribute else { continue }
                attribute.pointee.start_index = start
                attribute.pointee.end_index = end
                pango_attr_list_insert(list, attribute)
            }
        }
        gtk_label_set_attributes(pointer.opaque, list)
        pango_attr_list_unref(list)
    }

    /// The highlight's default background: the seeds' pink (the app's accent), drawn at
    /// `highlightAlpha` so the text stays readable in the light and the dark style.
    public static let highlightBackground: (red: UInt16, green: UInt16, blue: UInt16) = (0xFFFF, 0x3333, 0x7777)
    /// How opaque the highlight's background is (of 65535): about 30 %.
    public static let highlightAlpha: UInt16 = 0x4CCC

    /// The byte ranges highlighted now (bold runs set by `setHighlights`), in order: for tests.
    public var highlightedRanges: [Range<Int>] {
        guard let list = gtk_label_get_attributes(pointer.opaque) else { return [] }
        guard let iterator = pango_attr_list_get_iterator(list) else { return [] }
        defer { pango_attr_iterator_destroy(iterator) }
        var ranges: [Range<Int>] = []
        repeat {
            var start: Int32 = 0, end: Int32 = 0
            pango_attr_iterator_range(iterator, &start, &end)
            if let weight = pango_attr_iterator_get(iterator, PANGO_ATTR_WEIGHT), start < end, end != Int32.max,
               weight.withMemoryRebound(to: PangoAttrInt.self, capacity: 1, { $0.pointee.value }) >= PANGO_WEIGHT_BOLD.rawValue {
                ranges.append(Int(start)..<Int(end))
            }
        } while pango_attr_iterator_next(iterator) != 0
        return ranges
    }
}
