/// Which GtkReactive wrapper an outlet of a GTK, libadwaita or framework class gets: the
/// wrapper of the class itself, else of its nearest ancestor that has one (a
/// `GtkApplicationWindow` is a `Window`, an `AdwActionRow` a `ListBoxRow`), else `Widget`.
/// Classes that are not widgets (list models, controllers, shortcuts, pages) get no outlet:
/// hand-written code reaches them through the widgets that hold them.
enum WidgetClasses {
    struct Wrapper: Equatable {
        /// The Swift class (`Entry`).
        let name: String
        /// The module that declares it.
        let module: String
    }

    /// The wrapper of `className`, or nil for a class that is not a widget.
    static func wrapper(of className: String) -> Wrapper? {
        if nonWidgets.contains(className) { return nil }
        if let name = wrappers[className] { return Wrapper(name: name, module: "GtkReactive") }
        if let (name, module) = otherModules[className] { return Wrapper(name: name, module: module) }
        return Wrapper(name: "Widget", module: "GtkReactive")
    }

    /// GTK and libadwaita classes (and GtkShim's own types) → GtkReactive's wrapper class.
    static let wrappers: [String: String] = [
        "GtkWidget": "Widget",
        // Windows and dialogs.
        "GtkWindow": "Window", "GtkApplicationWindow": "Window", "AdwWindow": "Window", "AdwApplicationWindow": "Window",
        "GtkShortcutsWindow": "Window", "GtkDialog": "Window", "GtkAboutDialog": "Window", "AdwAboutWindow": "Window",
        "AdwPreferencesWindow": "Window", "AdwMessageDialog": "MessageDialog",
        // Buttons.
        "GtkButton": "Button", "GtkLinkButton": "Button", "GtkLockButton": "Button",
        "GtkToggleButton": "ToggleButton", "GtkCheckButton": "CheckButton", "GtkMenuButton": "MenuButton",
        "GtkSwitch": "Switch",
        // Text.
        "GtkLabel": "Label", "GtkEntry": "Entry", "GtkPasswordEntry": "Entry", "GtkText": "Entry",
        "GtkSpinButton": "Entry", "AdwEntryRow": "Entry", "AdwPasswordEntryRow": "Entry", "GtkSearchEntry": "SearchEntry",
        // Containers.
        "GtkBox": "Box", "GtkShortcutsSection": "Box", "GtkShortcutsGroup": "Box",
        "GtkStack": "Stack", "GtkScrolledWindow": "ScrolledWindow", "GtkRevealer": "Revealer",
        "AdwClamp": "Clamp", "AdwLeaflet": "Leaflet", "AdwHeaderBar": "HeaderBar", "AdwToastOverlay": "ToastOverlay",
        "AdwStatusPage": "StatusPage", "AdwCarousel": "Carousel", "AdwCarouselIndicatorDots": "CarouselIndicatorDots",
        // Lists.
        "GtkListView": "ListView", "GtkListBox": "ListBox", "GtkListBoxRow": "ListBoxRow",
        "AdwPreferencesRow": "ListBoxRow", "AdwActionRow": "ListBoxRow", "AdwExpanderRow": "ListBoxRow", "AdwComboRow": "ListBoxRow",
        // Pictures and progress.
        "GtkImage": "Image", "GtkPicture": "Picture", "AdwAvatar": "Avatar", "GtkSpinner": "Spinner",
        "GtkProgressBar": "ProgressBar", "GtkDrawingArea": "DrawingArea",
        // GtkShim's widget types.
        "GrShimPictureStrip": "PictureStrip",
    ]

    /// Wrappers in the framework's modules that only plugins build (build-plugins.sh).
    static let otherModules: [String: (String, String)] = [
        "WebKitWebView": ("WebView", "GtkReactiveWebKit"),
    ]

    /// Classes a `.ui` file may declare that are not widgets.
    static let nonWidgets: Set<String> = [
        "GtkStringList", "GtkStringObject", "GListStore", "GtkListStore", "GtkTreeStore", "GtkTreeModelFilter",
        "GtkNoSelection", "GtkSingleSelection", "GtkMultiSelection", "GtkFilterListModel", "GtkSortListModel",
        "GtkFlattenListModel", "GtkSliceListModel", "GtkMapListModel", "GtkCustomFilter", "GtkStringFilter",
        "GtkBoolFilter", "GtkEveryFilter", "GtkAnyFilter", "GtkCustomSorter", "GtkStringSorter", "GtkNumericSorter",
        "GtkMultiSorter", "GtkSignalListItemFactory", "GtkBuilderListItemFactory", "GtkColumnViewColumn",
        "GtkAdjustment", "GtkEntryBuffer", "GtkTextBuffer", "GtkTextTag", "GtkTextTagTable", "GtkSizeGroup",
        "GtkCssProvider", "GtkFileFilter", "GtkFileChooserNative", "GtkStackPage", "AdwLeafletPage",
        "AdwViewStackPage", "AdwTabPage", "AdwSqueezerPage", "AdwToast", "AdwEnumListModel",
        "GtkShortcut", "GtkShortcutController", "GtkKeyvalTrigger", "GtkShortcutTrigger", "GtkAlternativeTrigger",
        "GtkNamedAction", "GtkCallbackAction", "GtkSignalAction", "GtkEventControllerKey", "GtkEventControllerFocus",
        "GtkEventControllerMotion", "GtkEventControllerScroll", "GtkEventControllerLegacy", "GtkGestureClick",
        "GtkGestureDrag", "GtkGestureLongPress", "GtkGesturePan", "GtkGestureRotate", "GtkGestureSwipe",
        "GtkGestureZoom", "GtkGestureStylus", "GtkDragSource", "GtkDropTarget", "GtkDropControllerMotion",
        "GtkPadController", "GtkConstraintLayout", "GtkBoxLayout", "GtkGridLayout", "GtkBinLayout",
        "GtkCenterLayout", "GtkOverlayLayout", "GtkConstraint", "GtkConstraintGuide", "GtkTextMark",
        "GMenu", "GtkIconTheme", "GtkSettings", "GtkExpression",
    ]
}
