import CGtk

extension Widget {
    /// The smallest size the widget asks for, in pixels; -1 for a side it leaves to its content
    /// (`gtk_widget_set_size_request`). For widgets made in code, such as one picture per image,
    /// that a layout file cannot size.
    public var sizeRequest: (width: Int, height: Int) {
        get {
            var width: Int32 = -1
            var height: Int32 = -1
            gtk_widget_get_size_request(pointer, &width, &height)
            return (Int(width), Int(height))
        }
        set { gtk_widget_set_size_request(pointer, Int32(clamping: newValue.width), Int32(clamping: newValue.height)) }
    }
}
