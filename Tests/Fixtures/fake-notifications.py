#!/usr/bin/python3
"""A freedesktop notification server for tests, on the session bus named by
DBUS_SESSION_BUS_ADDRESS. Every call is written as a JSON line to the file
given as the first argument. Tests answer a notification as a person would
with two extra methods: Answer(id, action) invokes an action and closes it,
Dismiss(id) closes it without one."""
import json
import sys

import dbus
import dbus.service
from dbus.mainloop.glib import DBusGMainLoop
from gi.repository import GLib

NAME = "org.freedesktop.Notifications"
PATH = "/org/freedesktop/Notifications"


class Server(dbus.service.Object):
    def __init__(self, bus, log):
        super().__init__(bus, PATH)
        self.log = log
        self.next = 1
        self.open = set()

    def write(self, record):
        with open(self.log, "a", encoding="utf-8") as f:
            f.write(json.dumps(record) + "\n")

    @dbus.service.method(NAME, in_signature="susssasa{sv}i", out_signature="u")
    def Notify(self, app, replaces, icon, summary, body, actions, hints, timeout):
        number = self.next
        self.next += 1
        self.open.add(number)
        pairs = [[str(actions[i]), str(actions[i + 1])] for i in range(0, len(actions) - 1, 2)]
        self.write({"notify": number, "app": str(app), "summary": str(summary), "body": str(body), "actions": pairs,
                    "category": str(hints.get("category", ""))})
        return number

    @dbus.service.method(NAME, in_signature="u", out_signature="")
    def CloseNotification(self, number):
        self.write({"close": int(number)})
        self.closed(number, 3)

    @dbus.service.method(NAME, in_signature="", out_signature="as")
    def GetCapabilities(self):
        return ["actions", "body"]

    @dbus.service.method(NAME, in_signature="", out_signature="ssss")
    def GetServerInformation(self):
        return ["fake", "haven-tests", "1.0", "1.2"]

    @dbus.service.method("org.haven.Test", in_signature="us", out_signature="")
    def Answer(self, number, action):
        self.write({"answer": int(number), "action": str(action)})
        self.ActionInvoked(number, action)
        self.closed(number, 2)

    @dbus.service.method("org.haven.Test", in_signature="u", out_signature="")
    def Dismiss(self, number):
        self.write({"dismiss": int(number)})
        self.closed(number, 2)

    def closed(self, number, reason):
        if number in self.open:
            self.open.discard(number)
            self.NotificationClosed(number, reason)

    @dbus.service.signal(NAME, signature="uu")
    def NotificationClosed(self, number, reason):
        pass

    @dbus.service.signal(NAME, signature="us")
    def ActionInvoked(self, number, action):
        pass


DBusGMainLoop(set_as_default=True)
bus = dbus.SessionBus()
name = dbus.service.BusName(NAME, bus)
server = Server(bus, sys.argv[1])
server.write({"ready": True})
GLib.MainLoop().run()
