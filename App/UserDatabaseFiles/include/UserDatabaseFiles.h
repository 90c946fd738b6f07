// Nothing to call: UserDatabaseFiles.c sets the C library up before main.
#ifndef USER_DATABASE_FILES_H
#define USER_DATABASE_FILES_H
typedef int primetime_user_database_files;
#endif
