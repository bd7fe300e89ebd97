"""The presentation kit that tables, the deal of the day and the standings share: the one
``DynamicItem`` class behind every component, and the rendering of images off the event
loop."""
