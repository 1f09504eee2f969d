import ForceCommands

// The commands live in ForceCommands, so the bench (forcecanvas-bench) can run them in process.
ForceCanvasCommand.main()
