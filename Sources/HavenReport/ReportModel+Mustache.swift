import HavenPresentation
import Mustache

// The view-model's fields by name, for the templates: without these the
// engine finds each field through `Mirror`, which was 57% of a report's
// time (0.62 s for 20 trackers). A field a template uses must be listed here.

extension ReportModel: MustacheParent {
    public func child(named name: String) -> Any? {
        switch name {
        case "title": title
        case "language": language
        case "range": range
        case "generated": generated
        case "overview": overview
        case "trackers": trackers
        case "legend": legend
        case "text": text
        default: nil
        }
    }
}

extension ReportModel.LegendItem: MustacheParent {
    public func child(named name: String) -> Any? {
        switch name {
        case "outcome": outcome
        case "label": label
        default: nil
        }
    }
}

extension ReportModel.Texts: MustacheParent {
    public func child(named name: String) -> Any? {
        switch name {
        case "legend": legend
        case "table": table
        case "month": month
        case "score": score
        case "days30": days30
        case "days365": days365
        case "outcomes": outcomes
        default: nil
        }
    }
}

extension ReportModel.Cell: MustacheParent {
    public func child(named name: String) -> Any? {
        switch name {
        case "x": x
        case "y": y
        case "classes": classes
        case "title": title
        default: nil
        }
    }
}

extension ReportModel.Label: MustacheParent {
    public func child(named name: String) -> Any? {
        switch name {
        case "x": x
        case "y": y
        case "text": text
        default: nil
        }
    }
}

extension ReportModel.Overview: MustacheParent {
    public func child(named name: String) -> Any? {
        switch name {
        case "cell": cell
        case "width": width
        case "height": height
        case "label": label
        case "rows": rows
        case "days": days
        default: nil
        }
    }
}

extension ReportModel.Overview.Row: MustacheParent {
    public func child(named name: String) -> Any? {
        switch name {
        case "name": self.name
        case "y": y
        case "cells": cells
        default: nil
        }
    }
}

extension ReportModel.TrackerReport: MustacheParent {
    public func child(named name: String) -> Any? {
        switch name {
        case "anchor": anchor
        case "name": self.name
        case "icon": icon
        case "summary": summary
        case "heatMaps": heatMaps
        case "score": score
        case "streaks": streaks
        case "weekdays": weekdays
        case "totals": totals
        case "when": when
        default: nil
        }
    }
}

extension ReportModel.WhenAndWhy: MustacheParent {
    public func child(named name: String) -> Any? {
        switch name {
        case "title": title
        case "width": width
        case "height": height
        case "cell": cell
        case "label": label
        case "cells": cells
        case "hours": hours
        case "weekdays": weekdays
        case "sentences": sentences
        case "triggersTitle": triggersTitle
        case "triggers": triggers
        case "hasTriggers": !triggers.isEmpty
        case "header": header
        case "tableRows": tableRows
        default: nil
        }
    }
}

extension ReportModel.HeatMap: MustacheParent {
    public func child(named name: String) -> Any? {
        switch name {
        case "cell": cell
        case "width": width
        case "height": height
        case "label": label
        case "cells": cells
        case "months": months
        case "weekdays": weekdays
        case "table": table
        default: nil
        }
    }
}

extension ReportModel.HeatMap.MonthRow: MustacheParent {
    public func child(named name: String) -> Any? {
        switch name {
        case "month": month
        case "counts": counts
        default: nil
        }
    }
}

extension ReportModel.ScoreLine: MustacheParent {
    public func child(named name: String) -> Any? {
        switch name {
        case "width": width
        case "height": height
        case "label": label
        case "points": points
        case "grid": grid
        case "now": now
        case "change30": change30
        case "change365": change365
        case "tableRows": tableRows
        default: nil
        }
    }
}

extension ReportModel.TableRow: MustacheParent {
    public func child(named name: String) -> Any? {
        name == "cells" ? cells : nil
    }
}

extension ReportModel.StreakBars: MustacheParent {
    public func child(named name: String) -> Any? {
        switch name {
        case "title": title
        case "width": width
        case "height": height
        case "label": label
        case "bars": bars
        default: nil
        }
    }
}

extension ReportModel.Bar: MustacheParent {
    public func child(named name: String) -> Any? {
        switch name {
        case "x": x
        case "y": y
        case "width": width
        case "height": height
        case "label": label
        case "title": title
        case "labelX": labelX
        case "labelY": labelY
        // An empty value is no section: nothing is written for it.
        case "value": value.isEmpty ? nil : value
        case "valueX": valueX
        case "valueY": valueY
        default: nil
        }
    }
}

extension ReportModel.Bars: MustacheParent {
    public func child(named name: String) -> Any? {
        switch name {
        case "title": title
        case "width": width
        case "height": height
        case "label": label
        case "bars": bars
        case "goal": goal
        case "tableRows": tableRows
        case "header": header
        case "scale": scale
        case "axisX1": axisX1
        case "axisX2": axisX2
        case "axisY": axisY
        default: nil
        }
    }
}

extension ReportModel.GoalLine: MustacheParent {
    public func child(named name: String) -> Any? {
        switch name {
        case "y": y
        case "x2": x2
        case "label": label
        default: nil
        }
    }
}
