from pasyansy_web.app import main

main()
