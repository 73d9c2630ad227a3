import FlipTransCLI

FlipTrans.main()
